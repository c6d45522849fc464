import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, expectNoSeriousA11yViolations, schoolWallClock, screenshot } from './fixtures.js';

/**
 * The checkout a parent expects, on a phone (issue 24, item 4): how long the seats are held, card
 * fields that take what a phone keypad types, and an age outside the class's range said before the
 * enrollment is sent. Each test makes its own workshop, so the seats other specs take never decide.
 */

/** A workshop of this spec's own, written through the admin API; answers its id. */
async function ownWorkshop(page: Page, fields: Record<string, unknown>): Promise<string> {
  const start = new Date(Date.now() + 21 * 24 * 3_600_000);
  const res = await page.request.post('/api/admin/workshops', {
    headers: { 'Admin-Key': E2E_ADMIN_KEY },
    data: {
      description: 'A workshop made by the checkout spec.',
      // Six in the evening on the school's calendar, so the 20:00 end follows it at any hour the suite runs.
      date: `${schoolWallClock(start).slice(0, 10)}T18:00`,
      endTime: '20:00',
      location: 'Plano, TX',
      capacity: 10,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const contact = (page: Page) => page.getByRole('group', { name: 'Contact Details' });

test.use({ viewport: { width: 390, height: 844 } });

test('given a parent sent to the checkout on a phone, then the seat hold counts down (said politely at 5 and 1 minutes) and the card fields take 4242…, 1229 and 123 from a numeric keypad and pay', async ({
  page,
}) => {
  test.slow();
  // The page's clock is the test's, so 25 minutes can pass in a moment.
  await page.clock.install();
  const id = await ownWorkshop(page, { title: 'Table Manners Supper', category: 'adult', price: 45 });
  await page.goto(`/enroll/${id}`);
  await contact(page).getByLabel('First name').fill('Margaret');
  await contact(page).getByLabel('Last name').fill('Ashby');
  await contact(page).getByLabel('Email').fill('margaret.ashby.checkout@example.com');
  await contact(page).getByLabel('Phone').fill('(972) 555-0177');
  await page.getByText('I agree to the terms and conditions of enrollment').click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${id}\\?`));

  // The toast the form left for this page says so without covering the order's figures.
  const submitted = page.getByRole('alertdialog').filter({ hasText: 'Enrollment Submitted!' });
  await expect(submitted).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Total');
  const toastBox = (await submitted.boundingBox())!;
  for (const row of await summary.locator('dt').all()) {
    const rowBox = (await row.boundingBox())!;
    const overlaps = toastBox.y < rowBox.y + rowBox.height && rowBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `the toast covers "${await row.textContent()}"`).toBe(false);
  }
  await screenshot(page, 'checkout-manners-toast', { fullPage: false });

  const hold = page.getByRole('region', { name: 'Seat hold' });
  await expect(hold).toContainText(/Your seats are held for \d+:\d\d/);
  await expect(hold).toContainText('At zero the seats are released for other families');
  const card = page.getByRole('textbox', { name: 'Card number' });
  const expiry = page.getByRole('textbox', { name: 'Expiry (MM/YY)' });
  const cvc = page.getByRole('textbox', { name: 'CVC' });
  for (const [field, autocomplete] of [
    [card, 'cc-number'],
    [expiry, 'cc-exp'],
    [cvc, 'cc-csc'],
  ] as const) {
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', autocomplete);
  }
  await card.pressSequentially('4242424242424242');
  await expiry.pressSequentially('1229');
  await cvc.pressSequentially('123');
  await expect(card).toHaveValue('4242 4242 4242 4242');
  await expect(expiry).toHaveValue('12/29');
  await screenshot(page, 'checkout-manners-hold');
  await expectNoSeriousA11yViolations(page, 'checkout with the seat hold');

  const said = hold.getByRole('status');
  await expect(said).toHaveText('');
  await page.clock.fastForward('25:05');
  await expect(said).toHaveText('5 minutes left to pay before your seats are released.');
  await page.clock.fastForward('04:05');
  await expect(said).toHaveText('1 minute left to pay before your seats are released.');

  await page.getByRole('button', { name: /^Pay \$45\.00$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
  // Focus starts at what happened, not on the page's body: Tab goes on from there.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('given a class for ages 7-12, when a 5-year-old is entered, then the parent is asked to confirm or pick another class before going on; and the phone menu fits 320 px and closes on Escape', async ({
  page,
}) => {
  const id = await ownWorkshop(page, {
    title: 'Little Ladies and Gentlemen',
    category: 'children',
    price: 60,
    ageRange: 'Ages 7-12',
  });
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`/enroll/${id}`);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const box = await toggle.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  await toggle.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize({ width: 390, height: 844 });
  const first = page.getByRole('group', { name: 'Participant 1' });
  await first.getByLabel('Student name').focus();
  await expect(page.locator('[data-island^="EnrollView"]')).toHaveAttribute('data-island-hydrated', '');
  await first.getByLabel('Student name').fill('Posy Ashby');
  await first.getByRole('textbox', { name: /^Age/ }).fill('5');
  // The number is taken as the parent leaves the field.
  await page.keyboard.press('Tab');
  const notice = page.getByRole('group', { name: 'An age outside this class’s range' });
  await expect(notice).toContainText('Participant 1 is 5; this class is for ages 7-12.');
  await expect(notice.getByRole('link', { name: 'pick another class' })).toHaveAttribute('href', '/schedule');

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(notice).toContainText('Please confirm the class is right for them, or pick another class.');
  await expect(page).toHaveURL(new RegExp(`/enroll/${id}$`));
  await screenshot(page, 'checkout-manners-age');
  await expectNoSeriousA11yViolations(page, 'enroll form with an age outside the range');

  await notice.getByText('I confirm this class is right for this participant').click();
  await expect(notice).not.toContainText('Please confirm the class is right for them');
});
