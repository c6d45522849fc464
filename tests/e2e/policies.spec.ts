import { expect, test } from '@playwright/test';
import { SCREENSHOT_WIDTHS, expectNoSeriousA11yViolations, screenshot } from './fixtures.js';

const POLICIES = [
  {
    path: '/terms',
    h1: 'Enrollment Terms',
    sections: ['Enrollment', 'Cancellation and Refunds', 'How to Cancel', 'Moving to Another Session'],
  },
  {
    path: '/privacy',
    h1: 'Privacy Notice',
    sections: ['What We Collect', 'Why We Use It', 'How Long We Keep It', 'Asking for a Copy, a Correction or Erasure'],
  },
];

test.describe('policy pages', () => {
  for (const { path, h1, sections } of POLICIES) {
    test(`${path}: one h1, its title, its sections, no serious axe violations, looked at in 390 and 1280 px`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(new RegExp(`^${h1}`));
      for (const s of sections) await expect(page.getByRole('heading', { level: 2, name: s })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, `on ${path}`);
      for (const width of SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await screenshot(page, path.slice(1));
      }
    });
  }

  test('/terms states the configured refund window, the reminder and how to cancel', async ({ page }) => {
    await page.goto('/terms');
    const cancellation = page.getByRole('region', { name: /Cancellation and Refunds/ });
    await expect(cancellation).toContainText(
      'Cancel at least 7 days before the workshop starts and we refund the full amount. After that, no refund is given.',
    );
    await expect(page.getByRole('region', { name: /How to Cancel/ })).toContainText(
      '“Manage your booking” link in your confirmation e-mail',
    );
    await expect(page.getByRole('region', { name: /E-mails Before the Workshop/ })).toContainText('about 48 hours');
  });

  test('the footer links both policies, and each link opens its page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Enrollment Terms' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Terms');
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
  });

  test('the enroll form’s terms agreement is described by a link to /terms, which opens in a new tab', async ({
    page,
  }) => {
    await page.goto('/enroll/9');
    const agreement = page.getByRole('checkbox', { name: 'I agree to the terms and conditions of enrollment' });
    await expect(agreement).toHaveAccessibleDescription(/Read the enrollment terms, with our cancellation and refund/);
    const link = page.getByRole('main').getByRole('link', { name: 'enrollment terms', exact: true });
    await expect(link).toHaveAttribute('href', '/terms');
    const [terms] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Enrollment Terms');
    // Following the link did not tick the box.
    await expect(agreement).not.toBeChecked();
  });
});
