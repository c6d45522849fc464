import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, SCREENSHOT_WIDTHS, expectNoSeriousA11yViolations, screenshot } from './fixtures.js';

async function openInstructors(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Admin Key' }).fill(E2E_ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Instructors' }).click();
  await expect(page.getByRole('heading', { name: 'Instructors', level: 2 })).toBeVisible();
}

test.describe('instructors in the admin area (issue 38 items 1-2)', () => {
  test('add an instructor, set Tuesday hours and a day off by keyboard, see them listed, then pick the instructor on a workshop', async ({
    page,
  }) => {
    test.slow(); // axe twice, on a shared machine
    const name = `Anna Reyes ${Date.now()}`;
    await openInstructors(page);

    await page.getByRole('button', { name: 'New instructor' }).click();
    const add = page.getByRole('dialog', { name: 'New instructor' });
    await expect(add.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`anna.${Date.now()}@example.com`);
    await add.getByRole('textbox', { name: 'Bio' }).fill('Teaches dining etiquette.');
    await add.getByRole('button', { name: 'Add instructor' }).click();
    await expect(add).toHaveCount(0);
    const table = page.getByRole('grid', { name: 'Instructors' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('No weekly hours');

    // The week grid by keyboard: add Tuesday's hours, type them, add a day off.
    await row.getByRole('button', { name: `Hours of ${name}` }).click();
    const hours = page.getByRole('dialog', { name: `${name}'s hours` });
    await hours.getByRole('button', { name: 'Add hours on Tuesday' }).focus();
    await page.keyboard.press('Enter');
    const tuesday = hours.getByRole('group', { name: 'Tuesday hours 1' });
    await tuesday.getByLabel('From', { exact: true }).fill('09:30');
    await tuesday.getByLabel('To', { exact: true }).fill('12:00');
    await hours.getByRole('button', { name: 'Add a day off' }).click();
    await hours.getByLabel('Day off 1', { exact: true }).fill('2030-12-24');
    await expectNoSeriousA11yViolations(page, 'in the week grid');
    await screenshot(page, 'admin-instructor-hours', { widths: SCREENSHOT_WIDTHS, height: 900 });
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await expect(hours).toHaveCount(0);
    await expect(row).toContainText('Tue 09:30-12:00; 1 day off');

    // A lesson type taught by her (item 3).
    const title = `Interview lesson ${Date.now()}`;
    await page.getByRole('button', { name: 'New appointment type' }).click();
    const typeForm = page.getByRole('dialog', { name: 'New appointment type' });
    await typeForm.getByRole('textbox', { name: 'Title' }).fill(title);
    await typeForm.getByRole('textbox', { name: 'Price' }).fill('250');
    await typeForm.getByRole('checkbox', { name }).focus();
    await page.keyboard.press('Space');
    await expect(typeForm.getByRole('checkbox', { name })).toBeChecked();
    await typeForm.getByRole('button', { name: 'Save appointment type' }).click();
    await expect(typeForm).toHaveCount(0);
    await expect(
      page.getByRole('grid', { name: 'Appointment types' }).getByRole('row', { name: new RegExp(title) }),
    ).toContainText('$250.00');
    await expectNoSeriousA11yViolations(page, 'on the Instructors tab');
    await screenshot(page, 'admin-instructors', { widths: SCREENSHOT_WIDTHS, height: 800 });

    // The workshop form lists the records.
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const form = page.getByRole('dialog', { name: 'Add Workshop' });
    await form.getByRole('button', { name: /Instructor record/ }).click();
    await page.getByRole('option', { name }).click();
    await expect(form.getByRole('textbox', { name: 'Instructor' })).toHaveValue(name);
  });
});
