import { expect, test } from '@playwright/test';
import {
  createWorkshop,
  expectNoSeriousA11yViolations,
  openInApp,
  schoolWallClock,
  screenshot,
  SCREENSHOT_WIDTHS,
} from './fixtures.js';

// A schedule card offers "Enroll Now" only while the workshop is open with seats left; full or
// closed, it says so and has no enroll link. The server refuses the same with 409 enrollment_closed
// (tests/service/enrollment/sales-window.int.test.ts).

const DAY = 86_400_000;
let closedId = '';
let closedTitle = '';

test.describe('schedule card states', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    closedTitle = `E2E Closed Early ${Date.now()}`;
    // Starts in a month; the administrator closed enrollment yesterday.
    closedId = await createWorkshop(page, {
      title: closedTitle,
      category: 'business',
      date: schoolWallClock(new Date(Date.now() + 30 * DAY)),
      enrollmentClosesAt: schoolWallClock(new Date(Date.now() - DAY)),
    });
    await page.close();
  });

  test('open, full and closed cards', async ({ page }) => {
    // Workshop 4 served as full through the route, so the real data stays untouched for other specs.
    await page.route('**/api/workshops', async (route) => {
      const list = (await (await route.fetch()).json()) as Array<{ id: string; spotsLeft: number }>;
      await route.fulfill({ json: list.map((w) => (w.id === '4' ? { ...w, spotsLeft: 0 } : w)) });
    });
    // The server renders /schedule with its data in the page; opened from the menu, the schedule
    // reads /api/workshops in the browser, where the route above answers.
    await openInApp(page, '/schedule');
    const card = (title: string) => page.locator('.workshop-card').filter({ hasText: title }).first();

    const open = card('Etiquette After Dark - Dinner');
    await expect(open.getByRole('link', { name: /Enroll Now/ })).toHaveAttribute('href', '/enroll/6');

    const full = card('Princess Tea Party');
    // Full: the waitlist in place of Enroll Now.
    await expect(full.getByRole('button', { name: /Join the Waitlist/ })).toBeVisible();
    await expect(full.locator('.badge')).toHaveText('Fully booked');
    await expect(full.getByRole('link', { name: /Enroll Now/ })).toHaveCount(0);

    const closed = card(closedTitle);
    await expect(closed).toContainText('Enrollment closed');
    await expect(closed.getByRole('link', { name: /Enroll Now/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'on the schedule with its card states');

    // As the server renders it, filtered to its category.
    await page.goto('/schedule?category=business');
    await expect(card(closedTitle)).toBeVisible();
    await screenshot(page, 'schedule-states', { widths: SCREENSHOT_WIDTHS });
  });

  test('the enroll page of a closed workshop says so instead of showing the form', async ({ page }) => {
    await page.goto(`/enroll/${closedId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Closed');
    await expect(
      page.getByText(new RegExp(`^Enrollment for ${closedTitle} closed on .+, before it begins\\.`)),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Enroll|Submit|Continue/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View the schedule' })).toHaveAttribute('href', '/schedule');
  });
});
