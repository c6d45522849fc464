import { expect, test } from '@playwright/test';
import {
  PUBLIC_PAGES,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  hydrated,
  screenshot,
  seededSeason,
  toasts,
} from './fixtures.js';

// Every public page checked by axe and looked at in 390 and 1280 px (screenshots/, not committed),
// in one visit: "today" is fixed just before the seeded season so the schedule's pictures show it.

test.describe('accessibility (axe-core, WCAG 2.x A/AA) and screenshots', () => {
  for (const { name, path } of PUBLIC_PAGES) {
    test(`${name} (${path}) has no serious or critical violations, looked at in 390 and 1280 px`, async ({ page }) => {
      await page.clock.setFixedTime((await seededSeason(page)).before);
      await page.goto(path);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, `on ${path}`);
      for (const width of SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await screenshot(page, name);
      }
    });
  }

  test('narrow screen with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoSeriousA11yViolations(page, 'with the mobile menu open');
  });

  test('schedule with a filter, the empty state and the details dialog (looked at in 390 and 1280 px)', async ({
    page,
  }) => {
    await page.goto('/schedule');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Dining' }).click();
    await expect(page.getByText('No workshops found for the selected filters.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'in the empty state');
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await page
      .getByRole('button', { name: /View Details for Princess Tea Party/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'with the details dialog open');
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/schedule-dialog-${width}.png` });
    }
  });

  test('contact form showing field errors and a toast (looked at in 390 and 1280 px)', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'with field errors');
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/contact-errors-${width}.png` });
    }
  });

  test('program detail after copying the link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/program/manners-and-me');
    await hydrated(page);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Link copied to clipboard!' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'with the copy alert');
  });
});
