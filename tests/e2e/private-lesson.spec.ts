import { expect, test, type Page } from '@playwright/test';
import {
  E2E_ADMIN_KEY,
  expectNoSeriousA11yViolations,
  outboxMessage,
  screenshot,
  SCREENSHOT_WIDTHS,
} from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };
/** The seeded "Private Etiquette Lessons" program. */
const PRIVATE_PROGRAM = '6';

/** An instructor free every day, and the program's one-hour lesson with two days' notice (so it may still move). */
async function givenALessonToBook(page: Page) {
  const email = `lessons-${Date.now()}@greatlakesetiquette.com`;
  const added = await page.request.post('/api/admin/instructors', {
    headers: admin,
    data: { name: 'Margaret Ellison', email },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '09:00', to: '17:00' }));
  const hours = await page.request.put(`/api/admin/instructors/${id}/availability`, {
    headers: admin,
    data: { weekly, exceptions: [] },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const type = await page.request.post('/api/admin/appointment-types', {
    headers: admin,
    data: {
      title: 'Private Etiquette Lesson',
      kind: 'lesson',
      minutes: 60,
      priceCents: 25_000,
      bufferMinutes: 15,
      minNoticeHours: 48,
      horizonDays: 30,
      instructorIds: [id],
      programId: PRIVATE_PROGRAM,
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  return { instructorEmail: email };
}

/** The first day the calendar lets a parent choose, chosen by keyboard: focus it, press Enter. */
async function chooseFirstFreeDay(page: Page) {
  const day = page
    .locator('.calendar__cell:not([data-disabled]):not([data-unavailable]):not([data-outside-month])')
    .first();
  await day.focus();
  await page.keyboard.press('Enter');
}

test('a parent books and pays a private lesson from the program page, gets its e-mail with a calendar file, and moves it from the appointment page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { instructorEmail } = await givenALessonToBook(page);
  const parent = `olivia.bennett.${Date.now()}@example.com`;

  await page.goto('/program/private-etiquette-lessons');
  await expect(page.getByRole('link', { name: 'Contact for Details' })).toHaveAttribute('href', /^mailto:/);
  await page.getByRole('link', { name: 'Book a private lesson' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Private Lesson');

  await chooseFirstFreeDay(page);
  const times = page.getByRole('radiogroup', { name: /^Free times on / });
  await expect(times).toBeVisible();
  // The first time by keyboard: Tab into the group, Space picks it.
  await times.getByRole('radio').first().focus();
  await page.keyboard.press('Space');
  await expect(times.getByRole('radio').first()).toBeChecked();

  await page.getByRole('textbox', { name: 'Your first name' }).fill('Olivia');
  await page.getByRole('textbox', { name: 'Your last name' }).fill('Bennett');
  await page.getByRole('textbox', { name: 'Email' }).fill(parent);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('214-555-0199');
  await page.getByRole('textbox', { name: 'Who the lesson is for' }).fill('Emma Bennett');
  await page.getByRole('textbox', { name: 'Notes for the instructor' }).fill('A job interview on Friday.');
  const terms = page.getByRole('checkbox', { name: /I agree to the terms/ });
  await terms.focus();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await screenshot(page, 'private-lesson-form', { widths: SCREENSHOT_WIDTHS });
  await expectNoSeriousA11yViolations(page, 'the private lesson form');
  await page.getByRole('button', { name: /^Book / }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay to Confirm Your Lesson');
  await page.getByRole('textbox', { name: 'Card number' }).pressSequentially('4242424242424242');
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).pressSequentially('1229');
  await page.getByRole('textbox', { name: 'CVC' }).pressSequentially('123');
  await screenshot(page, 'private-lesson-pay', { widths: SCREENSHOT_WIDTHS });
  await page.getByRole('button', { name: 'Pay $250.00' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Lesson Is Booked');
  await expect(page).toHaveURL(/\/appointment\/[^/]+\?booked=1$/);
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await screenshot(page, 'private-lesson-booked', { widths: SCREENSHOT_WIDTHS });
  await expectNoSeriousA11yViolations(page, 'the appointment page');

  const mail = await outboxMessage('appointment-', (text) => text.includes(`To: ${parent}`));
  expect(mail).toContain('Your appointment is booked: Private Etiquette Lesson');
  expect(mail).toContain('BEGIN:VCALENDAR');
  await outboxMessage('appointment-', (text) => text.includes(`To: ${instructorEmail}`));

  const when = page.locator('.confirm__row', { hasText: 'When' }).locator('dd');
  const before = await when.textContent();
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await chooseFirstFreeDay(page);
  const newTimes = page.getByRole('radiogroup', { name: /^Free times on / });
  await newTimes.getByRole('radio').last().focus();
  await page.keyboard.press('Space');
  await screenshot(page, 'private-lesson-reschedule', { widths: SCREENSHOT_WIDTHS });
  await page.getByRole('button', { name: /^Move to / }).click();
  await expect(when).not.toHaveText(before ?? '');
  await outboxMessage('appointment-', (text) => text.includes(`To: ${parent}`) && text.includes('has moved'));
});
