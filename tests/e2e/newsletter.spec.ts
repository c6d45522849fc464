import { expect, test } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  allIslandsLive,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  outboxMessage,
  screenshot,
} from './fixtures.js';

/**
 * Issue 43 item 4 in a browser: a parent on a phone signs up in the footer and confirms by the
 * e-mail's button; the owner writes, previews and sends an announcement; the parent's mail program
 * unsubscribes with one POST, no cookie and no Origin, as mail providers send it.
 */
test.describe('the newsletter', () => {
  test.use(ADMIN_SIGNED_IN);

  test('at 390 px: a parent signs up in the footer and confirms; the owner sends an announcement; one-click unsubscribe', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = `news.${Date.now()}@example.com`;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/programs');
    await allIslandsLive(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(footer.getByRole('status')).toContainText('a confirmation e-mail is on its way');
    await expectNoSeriousA11yViolations(page, 'footer sign-up');
    await screenshot(page, 'newsletter/footer-signed-up-390', { fullPage: false, scroll: false });

    const confirmation = await outboxMessage('newsletter-confirm-', (text) => text.includes(`To: ${email}`));
    const confirmPath = /\/newsletter\/confirm\/[A-Za-z0-9_.-]+/.exec(confirmation)![0];
    await page.goto(confirmPath);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'confirmed page');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin?tab=newsletter');
    await expect(page.getByRole('heading', { name: 'Newsletter announcements' })).toBeVisible();
    await screenshot(page, 'newsletter/admin', { widths: SCREENSHOT_WIDTHS });
    const subject = `Spring classes are open ${Date.now()}`;
    await page.getByRole('button', { name: 'New announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New announcement' });
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Announcement' }).fill('Dear families,\n\nOur spring classes are open.');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('region', { name: 'Preview of the e-mail' })).toContainText(
      'Our spring classes are open.',
    );
    await expectNoSeriousA11yViolations(page, 'announcement dialog');
    await screenshot(page, 'newsletter/announcement-preview-1280', { scroll: false });
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await row.getByRole('button', { name: `Send ${subject}` }).click();
    await page
      .getByRole('dialog', { name: 'Send this announcement?' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });

    const announcement = await outboxMessage('announcement-', (text) => text.includes(`To: ${email}`));
    expect(announcement).toContain('Our spring classes are open.');
    expect(announcement).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = /List-Unsubscribe:\s*<(https?:\/\/[^>]+)>/.exec(announcement)![1]!;
    // The mail provider's POST: its own client, no cookie, no Origin.
    const provider = await playwright.request.newContext();
    const done = await provider.post(`${baseURL}${new URL(oneClick).pathname}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(done.status()).toBe(200);
    await provider.dispose();
  });
});
