import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, SCREENSHOT_WIDTHS, expectNoSeriousA11yViolations, screenshot } from './fixtures.js';

async function openSettings(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Admin Key' }).fill(E2E_ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Administrators', level: 2 })).toBeVisible();
}

test.describe('administrators in Settings', () => {
  test('add by keyboard, the key shown once and copied, the key works, revoke with confirmation, then the key answers 401', async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // axe twice and four screenshots
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = `margaret.${Date.now()}@example.com`;
    await openSettings(page);
    const table = page.getByRole('grid', { name: 'Administrators' });
    await expect(table.getByRole('row', { name: /Owner/ })).toBeVisible();
    await expect(table.getByRole('button', { name: /Revoke Owner/ })).toHaveCount(0);

    // Keyboard only: open the dialog, type, submit.
    await page.getByRole('button', { name: 'Add administrator' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add administrator' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type('Margaret Ellison');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    const keyDialog = page.getByRole('dialog', { name: 'Key for Margaret Ellison' });
    await expect(keyDialog.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
    const keyField = keyDialog.getByRole('textbox', { name: 'Admin key' });
    const key = await keyField.inputValue();
    expect(key).toMatch(/^gle_[A-Za-z0-9_-]{43}$/);
    await keyDialog.getByRole('button', { name: 'Copy key' }).click();
    await expect(keyDialog.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectNoSeriousA11yViolations(page, 'with the new key shown');
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, 'admin-settings-new-key');
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await expect(keyDialog).toHaveCount(0);

    // Shown once: the key is nowhere on the page any more, nor in the list the server sends.
    const row = table.getByRole('row', { name: /Margaret Ellison/ });
    await expect(row).toContainText(email);
    expect(await page.content()).not.toContain(key);
    const listed = await request.get('/api/admin/administrators', { headers: { 'Admin-Key': E2E_ADMIN_KEY } });
    expect(await listed.text()).not.toContain(key);

    // Her key opens the admin area.
    expect((await request.get('/api/admin/session', { headers: { 'Admin-Key': key } })).status()).toBe(204);

    await expectNoSeriousA11yViolations(page, 'on the Settings tab');
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, 'admin-settings');
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await table.getByRole('button', { name: 'Revoke Margaret Ellison' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke key?' });
    await expect(confirm).toContainText('It stops working at once');
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText("Margaret Ellison's key was revoked")).toBeVisible();
    await expect(table.getByRole('row', { name: /Margaret Ellison/ })).toHaveCount(0);
    expect((await request.get('/api/admin/session', { headers: { 'Admin-Key': key } })).status()).toBe(401);
  });
});
