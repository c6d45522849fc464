import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, axeScan, screenshot, SCREENSHOT_WIDTHS } from './fixtures.js';

/** The e2e server's DATA_DIR (playwright.config.ts), where the offline mailer writes its .eml files. */
const OUTBOX = resolve(`.tmp/e2e-data-${process.env.E2E_RUN_ID}/outbox`);
const admin = { 'Admin-Key': E2E_ADMIN_KEY };

/** A free workshop a year ahead with two confirmed bookings, through the API. */
async function soldWorkshop(request: APIRequestContext) {
  const year = new Date().getFullYear() + 1;
  const title = `E2E Moving Supper ${Date.now()}`;
  const created = await request.post('/api/admin/workshops', {
    headers: admin,
    data: {
      title,
      description: 'A supper whose date the school will move.',
      category: 'adult',
      date: `${year}-04-10T18:00`,
      time: '6:00 PM - 8:00 PM',
      location: 'Legacy Commons, Plano',
      price: 0,
      capacity: 12,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const enrollments: string[] = [];
  for (const [firstName, email] of [
    ['Grace', 'grace.move@example.com'],
    ['Alan', 'alan.move@example.com'],
  ] as const) {
    const r = await request.post(`/api/enroll/workshop/${id}`, {
      data: {
        firstName,
        lastName: 'Mover',
        email,
        phone: '2145550100',
        participants: 1,
        agreeToTerms: true,
        totalPrice: 0,
      },
    });
    expect(r.status()).toBe(201);
    enrollments.push(((await r.json()) as { enrollmentId: string }).enrollmentId);
  }
  return { id, title, year, enrollments };
}

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Admin Key' }).fill(E2E_ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

test('the workshop form says how many bookings a new date moves and who is e-mailed; saving moves them and mails each parent once', async ({
  page,
  request,
}) => {
  test.slow(); // a sign-in, axe over the dialog, and the reactors' e-mails
  const { title, year, enrollments } = await soldWorkshop(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.getByRole('tab', { name: 'Workshops' }).click();
  const item = page
    .getByRole('tabpanel', { name: 'Workshops' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit Workshop' });
  const notice = form.getByRole('status');

  // Nothing moves while the date, time and place are as saved.
  await form.getByRole('textbox', { name: 'Capacity' }).fill('14');
  await expect(notice).toHaveText('');

  await form.getByLabel(/^Starts/).fill(`${year}-04-17T18:00`);
  await expect(notice).toHaveText(
    'Saving this new date moves 2 bookings (2 participants) with it. Each of the 2 confirmed families is e-mailed the new details with a calendar update and their booking link.',
  );
  // axe over the dialog only: the whole admin page behind it is checked by admin.spec.ts.
  const axe = await axeScan(page).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await notice.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-workshop-move-notice', { fullPage: false });

  await form.getByRole('button', { name: 'Save Workshop' }).click();
  await expect(page.getByText('Workshop updated successfully')).toBeVisible();

  // Each parent gets one new-date e-mail (the outbox file is named by the booking and the change).
  const mine = async () =>
    (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) =>
      enrollments.some((id) => f.startsWith(`moved-${id}-`)),
    );
  await expect.poll(mine, { timeout: 20_000 }).toHaveLength(2);
  expect(new Set((await mine()).map((f) => enrollments.find((id) => f.startsWith(`moved-${id}-`)))).size).toBe(2);

  // The parent's booking page, opened from that e-mail, says the school moved the class.
  const file = (await mine()).find((f) => f.startsWith(`moved-${enrollments[0]}-`))!;
  const eml = (await readFile(join(OUTBOX, file), 'utf8')).replace(/=\r?\n/g, '');
  const link = /https?:\/\/[^\s"<>]+\/booking\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(eml)?.[0];
  expect(link, 'the new-date e-mail carries the booking link').toBeDefined();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Your Booking', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(`^The school moved this class\\. You booked it for \\w+, April 10, ${year}, 6:00 PM - 8:00 PM;`),
    ),
  ).toBeVisible();
  await screenshot(page, 'booking-moved', { widths: SCREENSHOT_WIDTHS, height: 900 });
});
