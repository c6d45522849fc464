import { expect, test } from '@playwright/test';
import { SCHOOL_NAME, expectOneH1, toasts, hydrated } from './fixtures.js';

// The contact page, its form and the toasts.

test.describe('contact', () => {
  test('page content: consultation card, address, hours, FAQs and closing links', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    await expect(page).toHaveTitle(`Contact Us | ${SCHOOL_NAME}`);
    await expectOneH1(page, 'Contact Us');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Request a Consultation' })).toHaveAttribute(
      'href',
      '/about#consultation',
    );
    await expect(main).toContainText('Legacy Commons Shopping Centre');
    await expect(main).toContainText('Plano, TX 75024');
    await expect(main.getByRole('link', { name: 'hello@greatlakesetiquette.com' })).toHaveAttribute(
      'href',
      'mailto:hello@greatlakesetiquette.com',
    );
    await expect(main).toContainText('9AM-5PM');
    await expect(main).toContainText('9AM-1PM');
    await expect(main.locator('.faq')).toHaveCount(3);
    await expect(main.getByRole('link', { name: 'Explore Programs' })).toHaveAttribute('href', '/programs');
    await expect(main.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/enroll/1');
  });

  test('contact form: missing fields toast, email check, rejection, success and another message', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const form = page.locator('form');
    const name = form.getByRole('textbox', { name: 'Full Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');

    await submit.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Missing information');
    await expect(toasts(page)).toContainText('Please fill out all required fields.');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');

    // A second toast replaces the first: never more than one on screen.
    await submit.click();
    await expect(toasts(page)).toHaveCount(1);

    // The browser's own e-mail check still applies.
    await name.fill('Jordan Price');
    await email.fill('not-an-email');
    await message.fill('Do you offer a class for a scout troop?');
    await submit.click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);

    await email.fill('jordan@example.com');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Please wait a minute before sending again.' }),
      }),
    );
    await submit.click();
    await expect(toasts(page).filter({ hasText: 'Error' })).toContainText('Please wait a minute before sending again.');
    await expect(name).toHaveValue('Jordan Price');
    await expect(message).toHaveValue('Do you offer a class for a scout troop?');
    await page.unroute('**/api/contact');

    await submit.click();
    await expect(toasts(page)).toContainText('Message Sent');
    await expect(toasts(page)).toContainText('Your message has been submitted successfully.');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeFocused();
  });

  test('toasts close by themselves after 5 seconds and F8 focuses them', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-05-01T09:00:00-05:00') });
    await page.goto('/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(toasts(page)).toBeFocused();
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5100);
    await expect(toasts(page)).toHaveCount(0);
  });
});
