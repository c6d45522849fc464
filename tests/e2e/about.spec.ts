import { expect, test } from '@playwright/test';
import { SCHOOL_NAME, expectOneH1, toasts } from './fixtures.js';

// The about page and its consultation form.

test.describe('about', () => {
  test('biography, credentials, vision, testimonials and the consultation anchor', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(`About | ${SCHOOL_NAME}`);
    await expectOneH1(page, `About ${SCHOOL_NAME}`);
    const main = page.getByRole('main');
    for (const heading of [
      'Certifications',
      'Education',
      'A More Gracious Community',
      'Preparing People for the Workplace',
    ]) {
      await expect(main.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(main.locator('.testimonials > li')).toHaveCount(4);

    await page.goto('/about#consultation');
    const section = page.locator('#consultation');
    await expect(section.getByRole('heading', { name: 'Request a Consultation' })).toBeInViewport();
    await expect(section.getByRole('link', { name: 'hello@greatlakesetiquette.com' })).toBeVisible();
    await expect(section.getByRole('link', { name: '(972) 555-0142' })).toHaveAttribute('href', 'tel:+19725550142');
  });

  test('consultation form: missing fields, server rejection, success and another request', async ({ page }) => {
    await page.goto('/about#consultation');
    const form = page.locator('#consultation form');
    const submit = form.getByRole('button', { name: 'Request Consultation' });
    await expect(form.getByRole('textbox', { name: 'Preferred Date and Time' })).toHaveAttribute(
      'placeholder',
      'e.g., May 25, 2025 at 2:00pm',
    );
    await expect(form.getByRole('textbox', { name: 'What would you like to discuss?' })).toHaveAttribute('rows', '5');

    let posted = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/consultation') && req.method() === 'POST') posted += 1;
    });
    await submit.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Missing information');
    await expect(toasts(page)).toContainText('Please fill out all required fields.');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Avery Lane');
    await form.getByRole('textbox', { name: 'Company / Organization' }).fill('Lane & Co.');
    await form.getByRole('textbox', { name: 'Email' }).fill('avery@example.com');
    await form.getByRole('textbox', { name: 'Phone' }).fill('972-555-0100');
    await form.getByRole('textbox', { name: 'Preferred Date and Time' }).fill('June 3 at 10am');
    await form.getByRole('textbox', { name: 'What would you like to discuss?' }).fill('Training for 12 new managers.');

    // A refusal shows the server's words and keeps what was typed.
    await page.route('**/api/consultation', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'We are briefly offline.' }),
      }),
    );
    await submit.click();
    await expect(toasts(page).filter({ hasText: 'Error' })).toContainText('We are briefly offline.');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Avery Lane');
    await expect(submit).toBeEnabled();
    await page.unroute('**/api/consultation');

    await submit.click();
    await expect(toasts(page)).toContainText('Request Sent');
    await expect(toasts(page)).toContainText('Your consultation request has been submitted successfully.');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.locator('#consultation')).toContainText('contact you shortly to confirm');
    await page.getByRole('button', { name: 'Request Another Consultation' }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  });
});
