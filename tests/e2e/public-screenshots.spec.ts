import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, SCREENSHOT_WIDTHS, screenshot, seededSeason, toasts, hydrated } from './fixtures.js';

// Screenshots of every public page at the two widths (written to screenshots/, not committed).

test.describe('screenshots', () => {
  for (const width of SCREENSHOT_WIDTHS) {
    test(`every page at ${width}px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      const season = await seededSeason(page);
      await page.clock.setFixedTime(season.before);
      for (const { name, path } of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator('h1')).toHaveCount(1);
        await screenshot(page, name);
      }
      await page.goto(`/schedule?date=${season.dayKeyOf('4')}`);
      await hydrated(page);
      await page.getByRole('button', { name: /View Details for Princess Tea Party/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `screenshots/schedule-dialog-${width}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/contact');
      await hydrated(page);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(toasts(page)).toHaveCount(1);
      await page.screenshot({ path: `screenshots/contact-errors-${width}.png`, fullPage: false });
    });
  }
});
