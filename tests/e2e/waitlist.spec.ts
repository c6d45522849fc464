import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, expectNoSeriousA11yViolations, outboxMessage, screenshot } from './fixtures.js';

// A full workshop's card offers "Join the Waitlist": a dialog that works by keyboard alone. The
// place counts once the parent confirms it from the e-mail the join sends.

const CHECK_EMAIL = 'Check your e-mail to confirm your place on the waitlist.';

/** The path of the confirmation link in the join e-mail sent to `email` for `title`. */
async function confirmationLink(email: string, title: string): Promise<string> {
  const mail = await outboxMessage(
    'waitlist-join-',
    (text) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'm').test(text) && text.includes(title),
  );
  expect(mail).toContain('Please confirm within 24 hours');
  expect(mail).toMatch(/you will be \d+(st|nd|rd|th) on the waitlist/);
  expect(mail).toMatch(/\/waitlist\/leave\?token=/);
  const link = /https?:\/\/[^\s"<>]+\/waitlist\/confirm\?token=[A-Za-z0-9_.-]+/.exec(mail)?.[0];
  expect(link, 'the confirmation link').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

const DAY = 86_400_000;

/** A free workshop with one seat, two months ahead, booked out by one enrollment. */
async function fullWorkshop(request: APIRequestContext, title: string) {
  const date = new Date(Date.now() + 60 * DAY);
  const created = await request.post('/api/admin/workshops', {
    headers: { 'Admin-Key': E2E_ADMIN_KEY },
    data: {
      title,
      description: 'An evening of table manners.',
      category: 'adult',
      date: date.toISOString().slice(0, 10) + 'T18:00',
      time: '6:00 PM - 8:00 PM',
      location: 'Legacy Commons, Plano',
      price: 0,
      capacity: 1,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const booked = await request.post(`/api/enroll/workshop/${id}`, {
    data: {
      firstName: 'Eleanor',
      lastName: 'Whitfield',
      email: `booked-${id}@example.com`,
      phone: '9725550100',
      participants: 1,
      agreeToTerms: true,
      totalPrice: 0,
    },
  });
  expect(booked.status()).toBe(201);
  const { position } = (await booked.json()) as { position: string };
  const workshop = await request.get(`/api/workshops/${id}?minPosition=${position}`);
  expect(((await workshop.json()) as { spotsLeft: number }).spotsLeft).toBe(0);
  return { id, day: date.toISOString().slice(0, 10) };
}

async function openSchedule(page: Page, title: string) {
  await page.goto('/schedule');
  const card = page.locator('.workshop-card', { has: page.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  return card;
}

test.describe('waitlist', () => {
  test('a full workshop shows Join the Waitlist; the dialog is used by keyboard alone and says to confirm from the e-mail', async ({
    page,
    request,
  }) => {
    // From the schedule to the e-mail's link: more steps than most specs.
    test.slow();
    const title = `Waitlist Dinner ${Date.now()}`;
    await fullWorkshop(request, title);
    const card = await openSchedule(page, title);
    await expect(card.getByRole('link', { name: /Enroll Now/ })).toHaveCount(0);
    const join = card.getByRole('button', { name: `Join the Waitlist for ${title}` });
    await expect(join).toBeVisible();

    await join.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' });
    await expect(dialog).toBeVisible();

    // Sending the empty form: each required field says what is missing, focus on the first.
    await dialog.getByRole('button', { name: 'Join the Waitlist' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('First name must be at least 2 characters.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'on the waitlist dialog with errors');

    // Field to field with Tab, typing, and Enter to send.
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Last Name' })).toBeFocused();
    await page.keyboard.type('Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('grace.hopper@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('9725550199');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Number of Participants' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(dialog.getByRole('textbox', { name: 'Number of Participants' })).toHaveValue('2');
    await page.keyboard.press('Enter');

    await expect(dialog.getByText(CHECK_EMAIL)).toBeVisible();
    await expect(dialog.getByText('grace.hopper@example.com')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the waitlist dialog after joining');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(join).toBeFocused();

    // The same parent again: the same words (the answer says nothing about who is on the list).
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Grace');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('grace.hopper@example.com');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('9725550199');
    await dialog.getByRole('textbox', { name: 'Email' }).press('Enter');
    await expect(dialog.getByText(CHECK_EMAIL)).toBeVisible();

    // From the e-mail: the page asks first, then confirms by keyboard and says the place.
    await page.goto(await confirmationLink('grace.hopper@example.com', title));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Place on the Waitlist' })).toBeVisible();
    const confirm = page.getByRole('button', { name: 'Confirm My Place' });
    // As it asks, the page is axe clean at this width in the test of a forged link below.
    await screenshot(page, 'waitlist-confirm');
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText(/You are\s+1st\s+on the waitlist\./);
    await expectNoSeriousA11yViolations(page, 'on the confirmation page once confirmed');
    await screenshot(page, 'waitlist-confirmed');
  });

  // The journey above runs at 1280 px; this one on a phone.
  test('at 390 px: the waitlist dialog and the confirmation page from the e-mail, axe clean; the link used twice keeps the same place', async ({
    page,
    request,
  }) => {
    test.slow(); // from the schedule to the e-mail's link, axe three times
    await page.setViewportSize({ width: 390, height: 844 });
    const title = `Waitlist Tea ${Date.now()}`;
    await fullWorkshop(request, title);
    const card = await openSchedule(page, title);
    await card.getByRole('button', { name: /Join the Waitlist/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Grace');
    await expectNoSeriousA11yViolations(page, 'on the waitlist dialog at 390 px');
    await screenshot(page, 'waitlist-dialog', { fullPage: false });
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('w390@example.com');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('9725550199');
    await dialog.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(dialog.getByText(CHECK_EMAIL)).toBeVisible();
    await screenshot(page, 'waitlist-joined', { fullPage: false });

    // The link from the e-mail, on the phone.
    await page.goto(await confirmationLink('w390@example.com', title));
    await expect(page.getByRole('button', { name: 'Confirm My Place' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the confirmation page at 390 px');
    await screenshot(page, 'waitlist-confirm');
    await page.getByRole('button', { name: 'Confirm My Place' }).click();
    await expect(page.getByRole('status')).toContainText(/You are\s+1st\s+on the waitlist\./);
    await expectNoSeriousA11yViolations(page, 'on the confirmation page once confirmed at 390 px');
    await screenshot(page, 'waitlist-confirmed');
    // Used again (a second click, the link opened twice): the same place, nothing new.
    await page.reload();
    await page.getByRole('button', { name: 'Confirm My Place' }).click();
    await expect(page.getByRole('status')).toContainText(/You are\s+1st\s+on the waitlist\./);
  });

  test('the confirmation page asks before it acts, and a damaged or forged link is refused in words', async ({
    page,
  }) => {
    await page.goto('/waitlist/confirm?token=w1.e1.notavalidsignaturenotvalid');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Place on the Waitlist' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the confirmation page');
    await page.getByRole('button', { name: 'Confirm My Place' }).click();
    await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid');
    await page.goto('/waitlist/confirm');
    await expect(page.getByRole('alert')).toContainText('This link is incomplete');
  });

  test('the leave page asks before it acts, and a damaged link is refused in words', async ({ page }) => {
    await page.goto('/waitlist/leave?token=w1.e1.notavalidsignaturenotvalid');
    await expect(page.getByRole('heading', { level: 1, name: 'Leave the Waitlist' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the leave page');
    await page.getByRole('button', { name: 'Leave the Waitlist' }).click();
    await expect(page.getByRole('alert')).toContainText('This leave link is not valid');
  });
});
