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
  test('add an instructor by keyboard with the role picker, the key shown once and copied, the key works with its role, change the role, revoke with confirmation, then the key answers 401', async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // axe four times, on a shared machine
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
    // The role picker: a manager unless chosen otherwise; arrow keys move between the roles.
    const roles = dialog.getByRole('radiogroup', { name: 'Role' });
    await expect(roles.getByRole('radio', { name: /^Manager/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(roles.getByRole('radio', { name: /^Manager/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(roles.getByRole('radio', { name: /^Instructor/ })).toBeChecked();
    await expect(roles).toContainText('nothing about money');
    await expectNoSeriousA11yViolations(page, 'with the role picker');
    await screenshot(page, 'admin-settings-add-role');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Add administrator
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
    await screenshot(page, 'admin-settings-new-key', { widths: SCREENSHOT_WIDTHS, height: 800 });
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await expect(keyDialog).toHaveCount(0);

    // Shown once: the key is nowhere on the page any more, nor in the list the server sends.
    const row = table.getByRole('row', { name: /Margaret Ellison/ });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Instructor');
    expect(await page.content()).not.toContain(key);
    const listed = await request.get('/api/admin/administrators', { headers: { 'Admin-Key': E2E_ADMIN_KEY } });
    expect(await listed.text()).not.toContain(key);

    // Her key opens the admin area, as an instructor: no enrollments.
    const me = await request.get('/api/admin/me', { headers: { 'Admin-Key': key } });
    expect(await me.json()).toMatchObject({ name: 'Margaret Ellison', role: 'instructor' });
    expect((await request.get('/api/admin/enrollments', { headers: { 'Admin-Key': key } })).status()).toBe(403);

    await expectNoSeriousA11yViolations(page, 'on the Settings tab');
    await screenshot(page, 'admin-settings', { widths: SCREENSHOT_WIDTHS, height: 800 });

    // Change her role: the picker again, in a dialog of its own.
    // Exact: the other test here adds a "Margaret  ellison" at the same time.
    await table.getByRole('button', { name: 'Change the role of Margaret Ellison', exact: true }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Role of Margaret Ellison' });
    await expect(roleDialog.getByRole('radio', { name: /^Instructor/ })).toBeChecked();
    await expect(roleDialog.getByRole('button', { name: 'Save role' })).toBeDisabled();
    await roleDialog.getByText('Manager', { exact: true }).click();
    await expect(roleDialog.getByRole('radio', { name: /^Manager/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'in the role dialog');
    await screenshot(page, 'admin-settings-change-role');
    await roleDialog.getByRole('button', { name: 'Save role' }).click();
    await expect(page.getByText('Margaret Ellison is now a manager')).toBeVisible();
    await expect(roleDialog).toHaveCount(0);
    await expect(row).toContainText('Manager');
    expect((await request.get('/api/admin/enrollments', { headers: { 'Admin-Key': key } })).status()).toBe(200);

    await table.getByRole('button', { name: 'Revoke Margaret Ellison', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke key?' });
    await expect(confirm).toContainText('It stops working at once');
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText("Margaret Ellison's key was revoked")).toBeVisible();
    await expect(table.getByRole('row', { name: /Margaret Ellison/ })).toHaveCount(0);
    expect((await request.get('/api/admin/session', { headers: { 'Admin-Key': key } })).status()).toBe(401);
  });
});

test.describe('what each role sees', () => {
  test('an instructor sees the workshops she teaches and their rosters, nothing about money; a manager sees no Settings', async ({
    page,
    request,
  }) => {
    test.slow(); // axe twice, three sign-ins
    const owner = { 'Admin-Key': E2E_ADMIN_KEY };
    // The seeded workshops name the school's owner, Margaret Ellison, as their instructor.
    const added = await request.post('/api/admin/administrators', {
      headers: owner,
      data: { name: 'Margaret  ellison', email: `teacher.${Date.now()}@example.com`, role: 'instructor' },
    });
    expect(added.status()).toBe(201);
    const instructor = (await added.json()) as { id: string; key: string };
    const manager = (await (
      await request.post('/api/admin/administrators', {
        headers: owner,
        data: { name: 'Rosa Diaz', email: `rosa.${Date.now()}@example.com` },
      })
    ).json()) as { id: string; key: string };

    await page.goto('/admin');
    await page.getByRole('textbox', { name: 'Admin Key' }).fill(instructor.key);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Your next workshops', level: 2 })).toBeVisible();
    await expect(page.getByText('Margaret ellison', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Total Enrollments')).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Enrollment Tracker' })).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Your next workshops' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the instructor dashboard');
    await screenshot(page, 'admin-instructor-dashboard', { widths: SCREENSHOT_WIDTHS, height: 800 });

    await cards.first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: /^Roster: /, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Your workshops' })).toBeVisible();

    // A page beyond her role says so, and what she may do.
    await page.goto('/admin/enrollments');
    await expect(page.getByRole('heading', { name: 'Enrollment Tracker is not part of your role' })).toBeVisible();
    await expect(page.getByText(/As an instructor you may open the rosters/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on a page beyond the role');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/admin');
    await page.getByRole('textbox', { name: 'Admin Key' }).fill(manager.key);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expect(page.getByRole('tab', { name: 'Enrollments' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Workshops' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);

    for (const { id } of [instructor, manager])
      expect((await request.delete(`/api/admin/administrators/${id}`, { headers: owner })).status()).toBe(200);
  });
});
