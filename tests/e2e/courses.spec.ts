import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  OUTBOX,
  decodedParts,
  expectNoSeriousA11yViolations,
  hydrated,
  screenshot,
} from './fixtures.js';
import type { Roster } from '../../contracts/admin/roster.js';

/**
 * Courses (issue 25), in the browser where only a browser can show it: a parent finds Manners & Me,
 * buys its Saturday term, tells the school a child will miss a session and books the make-up in
 * the Tuesday term; the office takes attendance for session 2 by keyboard. What the API decides
 * (seats per session, credits, refusals, the calendar file's events) is proved in
 * tests/service/courses/ and tests/faults/makeup-restart.int.test.ts.
 */

const SATURDAYS = '11';
const admin = { 'Admin-Key': E2E_ADMIN_KEY };

/** The "Manage your booking" path of the confirmation e-mail of `orderId`, once the mailer has written it. */
async function bookingPath(orderId: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const files = await readdir(OUTBOX).catch(() => [] as string[]);
        if (!files.includes(`${orderId}.eml`)) return '';
        const text = decodedParts(await readFile(join(OUTBOX, `${orderId}.eml`), 'utf8'));
        link = /https?:\/\/[^\s"<>]+\/booking\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

/** Picks `option` in the react-aria Select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A paid Saturday booking of one child, through the API the form posts to; answers its enrollment id. */
async function paidSaturdayBooking(request: APIRequestContext, child: string): Promise<string> {
  const enrolled = await request.post(`/api/enroll/workshop/${SATURDAYS}`, {
    data: {
      firstName: 'Harriet',
      lastName: 'Lowell',
      email: `harriet.${Date.now()}@example.com`,
      phone: '(972) 555-0177',
      participants: 1,
      participantDetails: [{ name: child, age: 8, grade: '3rd', school: 'Brinker Elementary' }],
      emergencyContact1Name: 'Tom Lowell',
      emergencyContact1Phone: '9725550171',
      emergencyContact1Relationship: 'Parent',
      emergencyContact2Name: 'May Lowell',
      emergencyContact2Phone: '9725550172',
      emergencyContact2Relationship: 'Parent',
      agreeToCodeOfConduct: true,
      agreeToTerms: true,
      totalPrice: 225,
    },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const { enrollmentId } = (await enrolled.json()) as { enrollmentId: string };
  const intent = await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: 225 } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/offline-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  return enrollmentId;
}

test.describe('courses', () => {
  test('a parent on a phone opens Manners & Me, enrolls a child in its Saturday class, pays, reports an absence and books the make-up on a Tuesday', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/program/manners-and-me');
    const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
    await expect(upcoming).toContainText(/4 Saturdays, \w+ \d+ – \w+ \d+, \d{4}, 10:00 – 11:30 AM/);
    await expect(upcoming).toContainText(/\d+ seats? left/);
    await expect(upcoming).toContainText('$225');
    await expectNoSeriousA11yViolations(page, 'on the program page');
    await screenshot(page, 'courses-program');

    await upcoming.getByRole('link', { name: /^Enroll Now for Manners & Me, 4 Saturdays/ }).click();
    await expect(page).toHaveURL(new RegExp(`/enroll/${SATURDAYS}$`));
    const summary = page.getByRole('complementary');
    await expect(
      summary.getByRole('list', { name: 'Every session of Manners & Me' }).getByRole('listitem'),
    ).toHaveCount(4);
    await hydrated(page);
    const contact = page.getByRole('group', { name: 'Contact Details' });
    await contact.getByLabel('First name').fill('Eleanor');
    await contact.getByLabel('Last name').fill('Whitfield');
    await contact.getByLabel('Email').fill('eleanor.courses@example.com');
    await contact.getByLabel('Phone').fill('(972) 555-0100');
    const child = page.getByRole('group', { name: 'Participant 1', exact: true });
    await child.getByLabel('Student name').fill('Lily Whitfield');
    await child.getByRole('textbox', { name: 'Age', exact: true }).fill('8');
    await child.getByLabel('Grade').fill('3rd');
    await child.getByRole('textbox', { name: 'School', exact: true }).fill('Hedgcoxe Elementary');
    for (const [n, name] of [
      [1, 'James Whitfield'],
      [2, 'Ruth Porter'],
    ] as const) {
      const group = page.getByRole('group', { name: `Emergency Contact ${n}` });
      await group.getByLabel('Name').fill(name);
      await group.getByLabel('Phone').fill(`972555010${n}`);
      await group.getByLabel('Relationship to the participants').fill('Family');
    }
    await page.getByText('I have read and agree to the').click();
    await page.getByText('I agree to the terms and conditions of enrollment').click();
    await expect(summary).toContainText('$225.00');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page).toHaveURL(new RegExp(`/checkout/${SATURDAYS}\\?`));
    await expect(page.getByText('Initializing payment...')).toHaveCount(0, { timeout: 10_000 });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $225.00' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?.*orderId=ORD-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Confirmed!');
    await expect(page.getByRole('list', { name: 'Every session of Manners & Me' }).getByRole('listitem')).toHaveCount(
      4,
    );
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    await page.goto(await bookingPath(orderId));
    const sessions = page.getByRole('region', { name: 'Sessions and make-ups' });
    await expect(sessions).toBeVisible();
    await choose(page, /Session to miss/, /^Session 3 of 4/);
    await sessions.getByRole('button', { name: 'Report absence' }).click();
    await expect(page.getByRole('status')).toContainText('A make-up credit for Lily Whitfield');
    await expect(sessions.getByRole('list', { name: 'Absences reported' })).toContainText(
      'Lily Whitfield misses Session 3 of 4',
    );
    const credits = sessions.getByRole('region', { name: 'Make-up credits' });
    await expect(credits).toContainText('Make-up credit for Lily Whitfield (missed session 3)');
    await expectNoSeriousA11yViolations(page, 'on the booking page with a credit');
    await screenshot(page, 'courses-booking-credit');

    await choose(page, /Make-up session for Lily Whitfield/, /^Manners & Me \(Tuesday afternoons\): session 2 of 4/);
    await credits.getByRole('button', { name: 'Book make-up' }).click();
    await expect(page.getByRole('status')).toContainText('Make-up booked for Lily Whitfield');
    await expect(credits).toContainText('Booked: Manners & Me (Tuesday afternoons), session 2');
    await expect(credits.getByRole('button', { name: 'Cancel make-up' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the booking page with a make-up');
    await screenshot(page, 'courses-booking-makeup');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'courses-booking-makeup');
    await page.goto('/program/manners-and-me');
    await screenshot(page, 'courses-program');
  });

  test.describe('the office', () => {
    test.use(ADMIN_SIGNED_IN);

    test('picks session 2 by keyboard: weeks ahead, its box waits for its day and says so; it prints that session', async ({
      page,
      request,
    }) => {
      const enrollmentId = await paidSaturdayBooking(request, 'Ada Lowell');
      await page.goto(`/admin/workshops/${SATURDAYS}/roster`);
      await hydrated(page);
      const picker = page.getByRole('button', { name: /^Session/ });
      await expect(picker).toContainText('Session 1 of 4');
      await picker.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(picker).toContainText('Session 2 of 4');
      await expect(page.locator('.roster-summary__when')).toContainText('Session 2 of 4');
      // The session is weeks away: attendance is taken from its day, and the roster says so.
      await expect(picker).toBeFocused();
      await expect(page.getByRole('note')).toContainText('Attendance and pick-up are recorded from');
      const box = page.getByRole('checkbox', { name: 'Present: Ada Lowell' });
      await expect(box).toBeDisabled();
      const second = await request.get(`/api/admin/workshops/${SATURDAYS}/roster?session=2`, { headers: admin });
      expect(((await second.json()) as Roster).rows.find((r) => r.enrollmentId === enrollmentId)?.present).toBeNull();

      await expectNoSeriousA11yViolations(page, 'on the roster of session 2');
      await screenshot(page, 'courses-roster-session-2');
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.sign-in-sheet__meta').first()).toContainText('Session 2 of 4');
    });
  });
});
