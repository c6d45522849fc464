import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_WIDTHS, screenshot } from './fixtures.js';

// The inquiry forms with JavaScript off (as before hydration): the browser posts them itself, and
// no field a parent typed ever reaches an address (address bar, history, server logs).

test.use({ javaScriptEnabled: false });

/** Both widths of full-page screenshots (SCREENSHOTS=1), without scrolling through: no script runs here. */
const lookAt = (page: Page, name: string) => screenshot(page, name, { widths: SCREENSHOT_WIDTHS, scroll: false });

/** Every address the page's frame goes to, redirects included. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) seen.push(r.url());
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  return seen;
}

test.describe('forms without JavaScript', () => {
  test('contact form on a phone: posted, then the sent panel, with the e-mail in no address', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = 'no-js-390@example.com';
    const addresses = addressesOf(page);
    await page.goto('/contact');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Send Us a Message' }) });
    await expect(form).toHaveAttribute('method', 'post');
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Nora No-Script');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Message' }).fill('Do you teach table manners to 6 year olds?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/contact\?sent=contact$/);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText('We have received your message and will reply within one business day.')).toBeVisible();
    const again = page.getByRole('link', { name: 'Send Another Message' });
    await expect(again).toHaveAttribute('href', '/contact');
    await lookAt(page, 'contact-sent-no-js');

    expect(addresses.length).toBeGreaterThan(1);
    for (const address of addresses) {
      expect(address).not.toContain(encodeURIComponent(email));
      expect(address).not.toContain(email);
    }

    await again.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });

  test('contact form with a wrong e-mail and no message: a page names both fields and leads back', async ({ page }) => {
    const addresses = addressesOf(page);
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Nora No-Script');
    // The browser itself refuses an address without "@"; one without a domain's dot is the server's to refuse.
    await page.getByRole('textbox', { name: 'Email' }).fill('nora@home');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Please check the form' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Email' })).toHaveText(
      'Email: Please enter a valid email address.',
    );
    await expect(page.getByRole('listitem').filter({ hasText: 'Message' })).toHaveText('Message: Message is required.');
    await expect(page.getByRole('link', { name: 'Return to the contact form' })).toHaveAttribute('href', '/contact');
    await lookAt(page, 'contact-invalid-no-js');
    for (const address of addresses) expect(address).not.toContain('nora');

    // The browser's Back button returns to the form with what was typed.
    await page.goBack();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('nora@home');
  });

  test('consultation form on About: posted, then its sent panel in the consultation section', async ({ page }) => {
    const addresses = addressesOf(page);
    await page.goto('/about');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Consultation Request' }) });
    await form.getByRole('textbox', { name: 'Name' }).first().fill('Grace No-Script');
    await form.getByRole('textbox', { name: 'Email' }).fill('grace-no-js@example.com');
    await form.getByRole('textbox', { name: 'Preferred Date and Time' }).fill('A Saturday morning');
    await form.getByRole('textbox', { name: 'What would you like to discuss?' }).fill('Staff training');
    await form.getByRole('button', { name: 'Request Consultation' }).click();

    await expect(page).toHaveURL(/\/about\?sent=consultation#consultation$/);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request Another Consultation' })).toBeVisible();
    for (const address of addresses) expect(address).not.toContain('grace-no-js');
  });
});
