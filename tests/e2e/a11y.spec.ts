import { expect, test } from '@playwright/test';
import {
  SCREENSHOT_WIDTHS,
  allIslandsLive,
  expectNoSeriousA11yViolations,
  hydrated,
  screenshot,
  toasts,
} from './fixtures.js';

// The states a visit brings about, checked by axe (each page as it loads is ssr.spec.ts's).

test.describe('accessibility (axe-core, WCAG 2.x A/AA) of the states a visitor brings about', () => {
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
    // The tabs and the list wake at a first touch; pressed while they wake, a press waits on a busy machine.
    await allIslandsLive(page);
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
    await screenshot(page, 'schedule-dialog', { widths: SCREENSHOT_WIDTHS, fullPage: false });
  });

  test('contact form showing field errors and a toast (looked at in 390 and 1280 px)', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'with field errors');
    await screenshot(page, 'contact-errors', { widths: SCREENSHOT_WIDTHS, fullPage: false });
  });

  test('the pages served without the app: a certificate not found, a newsletter link not valid (looked at in 390 and 1280 px)', async ({
    page,
  }) => {
    for (const path of ['/certificate/GL-C-2025-99999', '/newsletter/confirm/not-a-token']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
    await screenshot(page, 'plain-page-not-valid', { widths: SCREENSHOT_WIDTHS, fullPage: false });
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
