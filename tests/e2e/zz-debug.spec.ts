import { expect, test } from '@playwright/test';
import { outboxMessage } from './fixtures.js';
test('debug', async ({ page, baseURL }) => {
  const email = `first.${Date.now()}@example.com`;
  await page.request.post('/api/account/sign-in', { headers: { origin: baseURL! }, data: { email } });
  const mail = await outboxMessage('sign-in-', (text) => text.includes(`To: ${email}`));
  const path = /\/account\/sign-in\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(mail)![0];
  await page.goto(path);
  await expect(page.getByRole('button').first()).toBeVisible();
  console.log('h1:', await page.locator('h1').textContent());
  await page.getByRole('button', { name: 'Continue to my family page' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.waitForTimeout(1500);
  console.log('h1 after:', await page.locator('h1').textContent(), '|', (await page.locator('main').textContent())?.slice(0, 400));
  console.log('mail:', mail.slice(mail.indexOf('Subject'), mail.indexOf('Subject') + 300));
});
