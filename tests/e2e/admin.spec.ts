import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN_SIGNED_IN, axeScan, SCREENSHOT_WIDTHS, screenshot } from './fixtures.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';

/** playwright.config.ts starts the server with this key. */
const ADMIN_KEY = process.env.E2E_ADMIN_KEY ?? 'e2e-admin-key-123456';
const admin = { 'Admin-Key': ADMIN_KEY };

/** Two free enrollments in the networking evening (workshop 10), through the public API. */
async function enrollTwice(request: APIRequestContext): Promise<{ ids: string[]; position: string }> {
  const ids: string[] = [];
  let position = '0';
  for (const [firstName, lastName] of [
    ['Grace', 'Hopper'],
    ['Alan', 'Turing'],
  ] as const) {
    const res = await request.post('/api/enroll/workshop/10', {
      data: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '2145550100',
        participants: 1,
        agreeToTerms: true,
        workshopId: '10',
        totalPrice: 0,
      },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { enrollmentId: string; position: string };
    ids.push(body.enrollmentId);
    position = body.position;
  }
  return { ids, position };
}

/** The dashboard figures once the projections have reached `position` (read-after-write, no sleeping). */
async function dashboardAt(request: APIRequestContext, position: string) {
  const res = await request.get(`/api/admin/dashboard?minPosition=${position}`, { headers: admin });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    totalEnrollments: number;
    activePrograms: number;
    upcomingWorkshops: number;
    revenue: number;
  };
}

/** Through the gate, as an administrator does the first time. */
async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Admin Key' }).fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** The dashboard of an administrator who signed in before (ADMIN_SIGNED_IN: the key kept). */
async function openDashboard(page: Page) {
  await page.goto('/admin');
  // The gate checks the stored key with the server first; slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
}

const stat = (page: Page, label: string) =>
  page
    .locator('.stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test.describe('admin gate', () => {
  test('an empty key asks for one, a wrong key keeps the gate closed, and a 401 later returns to the gate', async ({
    page,
  }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expect(page.getByText('Admin Key Required').first()).toBeVisible();

    await page.getByRole('textbox', { name: 'Admin Key' }).fill('not-the-admin-key');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expect(page.getByText('That admin key was not accepted.', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByText('Total Enrollments')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();

    // A stored key the server no longer accepts (e.g. rotated) sends the administrator back to the gate.
    await page.evaluate(() => localStorage.setItem('adminKey', 'a-key-that-was-rotated'));
    await page.goto('/admin/enrollments');
    await expect(page.getByRole('button', { name: 'Access Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();
  });

  test('the dashboard shows real figures after two enrollments, and Logout closes it', async ({ page, request }) => {
    const { position } = await enrollTwice(request);
    expect((await dashboardAt(request, position)).totalEnrollments).toBeGreaterThanOrEqual(2);

    await signIn(page);
    // Other specs enroll and add workshops all the while: the figures are read again, and the
    // dashboard opened again, until one reading of the API and one render of the page agree.
    await expect(async () => {
      const figures = await dashboardAt(request, position);
      await page.reload();
      await expect(stat(page, 'Total Enrollments')).toHaveText(figures.totalEnrollments.toLocaleString('en-US'), {
        timeout: 5_000,
      });
      await expect(stat(page, 'Active Programs')).toHaveText(String(figures.activePrograms), { timeout: 1_000 });
      await expect(stat(page, 'Upcoming Workshops')).toHaveText(String(figures.upcomingWorkshops), { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(stat(page, 'Revenue')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    for (const name of ['Enrollments', 'Programs', 'Workshops', 'Settings'])
      await expect(page.getByRole('tab', { name })).toBeVisible();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Administrators', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Access Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();
  });
});

test.describe('admin with the right key', () => {
  test.use(ADMIN_SIGNED_IN);

  test('the tracker searches and filters on the server, exports CSV, and opens an enrollment history', async ({
    page,
    request,
  }) => {
    const { ids, position } = await enrollTwice(request);
    await dashboardAt(request, position);
    await request.get(`/api/admin/enrollments?minPosition=${position}&page=1&pageSize=1`, { headers: admin });

    await openDashboard(page);
    await page.getByRole('link', { name: 'Open Enrollment Tracker' }).click();
    await expect(page.getByRole('heading', { name: 'Enrollment Tracker', level: 1 })).toBeVisible();
    const table = page.getByRole('grid');
    for (const column of ['ID', 'Date', 'Student Name', 'Workshop/Program', 'Details', 'Status', 'Payment', 'Amount']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeAttached();
    }

    // Search by id: exactly our enrollment.
    const search = page.getByRole('searchbox', { name: 'Search enrollments' });
    await search.fill(ids[0]!);
    await expect(page).toHaveURL(new RegExp(`q=${ids[0]}`));
    await expect(table.getByRole('row')).toHaveCount(2); // header + one
    await expect(table.getByRole('row').nth(1)).toContainText('Grace Hopper');

    // A title search, then the tabs: free enrollments are completed, so Pending and Unpaid do not hold them.
    await search.fill('Networking');
    await expect(page).toHaveURL(/q=Networking/);
    await expect(table.getByRole('row').filter({ hasText: 'Alan Turing' }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Confirmed' }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(table.getByRole('row').filter({ hasText: 'Alan Turing' }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Pending' }).click();
    await expect(page).toHaveURL(/status=pending/);
    await expect(table.getByRole('row').filter({ hasText: 'Alan Turing' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'All' }).click();

    await search.fill('zz-no-such-workshop');
    await expect(page.getByText('No enrollments match “zz-no-such-workshop”.')).toBeVisible();
    await search.fill(ids[1]!);
    await expect(page).toHaveURL(new RegExp(`q=${ids[1]}`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Alan Turing');

    // Export: the file is named for the day and holds the matching row under the specification's columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enrollments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    // After the byte order mark that makes Excel on Windows read it as UTF-8.
    expect(lines[0]).toMatch(/^\uFEFFID,Date,Type,Title,Location,Date\/Time,Status,Payment,Amount,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^${ids[1]},\\d{4}-\\d{2}-\\d{2},Workshop,Global Chamber of Commerce Networking Event,`),
    );

    // The row opens its history: every event of its stream, with time and actor.
    await table.getByRole('row').nth(1).click();
    const dialog = page.getByRole('dialog', { name: /^Enrollment record/ });
    await expect(dialog).toBeVisible();
    const events = dialog.getByRole('list', { name: `Events of enrollment ${ids[1]}` }).getByRole('listitem');
    await expect(events.first()).toContainText('Enrollment submitted');
    await expect(events.first()).toContainText('by visitor');
    await expect(events.filter({ hasText: 'Enrollment confirmed' })).toHaveCount(1);
    await expect(events.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Keyboard: the rows are reachable and Enter opens the history.
    await table.getByRole('row').nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Enrollment record/ })).toBeVisible();
  });

  test("an enrollment of two children opens with each child's details, and the view is axe clean", async ({
    page,
    request,
  }) => {
    const res = await request.post('/api/enroll/workshop/8', {
      data: {
        firstName: 'Eleanor',
        lastName: 'Whitfield',
        email: 'eleanor.admin-view@example.com',
        phone: '9725550100',
        participants: 2,
        participantDetails: [
          { name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary', photographyConsent: true },
          {
            name: 'Theo Whitfield',
            age: 11,
            grade: '6th',
            school: 'Rice Middle School',
            hasDietaryRestrictions: true,
            dietaryRestrictions: 'No peanuts',
            photographyOptOut: true,
          },
        ],
        emergencyContact1Name: 'James Whitfield',
        emergencyContact1Phone: '9725550101',
        emergencyContact1Relationship: 'Father',
        emergencyContact2Name: 'Ruth Porter',
        emergencyContact2Phone: '9725550102',
        emergencyContact2Relationship: 'Grandmother',
        agreeToCodeOfConduct: true,
        agreeToTerms: true,
        totalPrice: 300,
      },
    });
    expect(res.status()).toBe(201);
    const { enrollmentId, position } = (await res.json()) as { enrollmentId: string; position: string };
    await request.get(`/api/admin/enrollments?minPosition=${position}&page=1&pageSize=1`, { headers: admin });

    await page.goto(`/admin/enrollments?q=${enrollmentId}`);
    const table = page.getByRole('grid');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('row').nth(1).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Enrollment record/ });
    const children = dialog
      .getByRole('list', { name: `Participants of enrollment ${enrollmentId}` })
      .getByRole('listitem');
    await expect(children).toHaveCount(2);
    await expect(children.nth(0)).toContainText('Lily Whitfield');
    await expect(children.nth(0)).toContainText('Photos allowed, without name');
    await expect(children.nth(1)).toContainText('Theo Whitfield');
    await expect(children.nth(1)).toContainText(/Dietary restrictions\s*No peanuts/);
    await expect(children.nth(1)).toContainText('Opted out: no photographs');
    const axe = await axeScan(page).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('a workshop created, edited and deleted in the admin shows on the public schedule', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const form = page.getByRole('dialog', { name: 'Add Workshop' });
    await form.getByRole('button', { name: 'Create Workshop' }).click();
    await expect(form.getByText('Title is required.')).toBeVisible();

    const title = `E2E Garden Tea ${Date.now()}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('A garden tea for the test.');
    await form.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Tea party' }).click();
    // Next year, so it is upcoming (and on the schedule) whenever the suite runs.
    await form.getByLabel(/^Starts/).fill(`${new Date().getFullYear() + 1}-05-08T14:00`);
    await form.getByLabel(/^Ends/).fill('15:30');
    await form.getByRole('textbox', { name: 'Price' }).fill('45');
    await form.getByRole('textbox', { name: 'Capacity' }).fill('10');
    await form.getByRole('button', { name: 'Create Workshop' }).click();
    await expect(page.getByText('Workshop created successfully')).toBeVisible();
    // In the Workshops tab: the dashboard's next workshops may list it too.
    const item = page
      .getByRole('tabpanel', { name: 'Workshops' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('0 of 10 seats taken');

    await item.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Workshop' });
    await edit.getByRole('textbox', { name: 'Capacity' }).fill('12');
    // Left empty when created (the usual limit); the school raises it for this workshop.
    await expect(edit.getByRole('textbox', { name: 'Free seats per family' })).toHaveValue('');
    await edit.getByRole('textbox', { name: 'Free seats per family' }).fill('8');
    await edit.getByRole('button', { name: 'Save Workshop' }).click();
    await expect(page.getByText('Workshop updated successfully')).toBeVisible();
    await expect(item).toContainText('0 of 12 seats taken');
    const saved = ((await (await page.request.get('/api/workshops')).json()) as Workshop[]).find(
      (w) => w.title === title,
    );
    expect(saved?.maxFreeSeatsPerClient).toBe(8);

    await page.goto('/schedule');
    await expect(page.getByText(title).first()).toBeAttached();

    // The key is kept in localStorage, so /admin opens without asking again.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog', { name: 'Delete?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Workshop deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  });

  test('the admin pages have no detectable accessibility violations, looked at in 390 and 1280 px', async ({
    page,
  }) => {
    test.slow(); // axe walks the whole page twice; on a busy CI machine that alone can take half a minute
    const lookAt = (name: string) => screenshot(page, name, { widths: SCREENSHOT_WIDTHS, height: 900 });
    await openDashboard(page);
    const dashboard = await axeScan(page).include('main').analyze();
    expect(dashboard.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await expect(stat(page, 'Total Enrollments')).not.toHaveText('…');
    await lookAt('admin');
    await page.goto('/admin/enrollments');
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 20_000 });
    const tracker = await axeScan(page).include('main').analyze();
    expect(tracker.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await lookAt('admin-enrollments');
  });

  test('the workshop form showing its errors has no detectable accessibility violations', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const form = page.getByRole('dialog', { name: 'Add Workshop' });
    await form.getByRole('button', { name: 'Create Workshop' }).click();
    await expect(form.getByText('Category is required.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Title' })).toBeFocused();
    const results = await axeScan(page).include('[role="dialog"]').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshot(page, 'admin-workshop-form-errors', { widths: SCREENSHOT_WIDTHS, height: 900, fullPage: false });
  });
});
