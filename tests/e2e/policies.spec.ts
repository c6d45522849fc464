import { expect, test } from '@playwright/test';
import { SCREENSHOT_WIDTHS, expectNoSeriousA11yViolations, screenshot } from './fixtures.js';

// Each policy page as it loads (its title, h1, sections, axe) is ssr.spec.ts's.

test.describe('policy pages', () => {
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
    // Every money policy, from the configuration: deposits, make-up credits, gift cards, family credit.
    await expect(page.getByRole('region', { name: /Deposits/ })).toContainText('14 days before the first session');
    await expect(page.getByRole('region', { name: /Make-up Credits/ })).toContainText('valid for 90 days');
    await expect(page.getByRole('region', { name: /Gift Cards/ })).toContainText('from $25 to $500');
    await expect(page.getByRole('region', { name: /Family Credit/ })).toContainText('used first at your next checkout');
    await expect(cancellation).toContainText("a gift card's part goes back onto the gift card");
    await expectNoSeriousA11yViolations(page, 'on /terms');
    await screenshot(page, 'terms', { widths: SCREENSHOT_WIDTHS });
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
