import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  screenshot,
} from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };

/** Both widths of full-page screenshots (SCREENSHOTS=1). */
const shot = (page: Page, name: string) => screenshot(page, name, { widths: SCREENSHOT_WIDTHS, height: 900 });

/** The dashboard of an administrator who signed in before (ADMIN_SIGNED_IN: the key kept). */
async function openDashboard(page: Page) {
  await page.goto('/admin');
  // The gate checks the stored key with the server first; slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** Two children of one family in workshop 8 (a children's class, $150 each), unpaid; answers its id. */
async function familyEnrollment(request: APIRequestContext, surname: string): Promise<string> {
  const res = await request.post('/api/enroll/workshop/8', {
    data: {
      firstName: 'Eleanor',
      lastName: surname,
      email: `eleanor.${surname.toLowerCase()}@example.com`,
      phone: '(972) 555-0100',
      participants: 2,
      participantDetails: [
        { name: `Lily ${surname}`, age: 8, grade: '3rd', school: 'Hedgcoxe Elementary', photographyConsent: true },
        {
          name: `Theo ${surname}`,
          age: 11,
          grade: '6th',
          school: 'Rice Middle School',
          hasDietaryRestrictions: true,
          dietaryRestrictions: 'No peanuts',
          photographyOptOut: true,
        },
      ],
      parent2Name: `James ${surname}`,
      parent2Email: `james.${surname.toLowerCase()}@example.com`,
      parent2Phone: '9725550111',
      emergencyContact1Name: 'Ruth Porter',
      emergencyContact1Phone: '9725550102',
      emergencyContact1Relationship: 'Grandmother',
      emergencyContact2Name: 'Sam Lee',
      emergencyContact2Phone: '9725550103',
      emergencyContact2Relationship: 'Neighbour',
      specialRequirements: 'Theo carries an inhaler.',
      agreeToCodeOfConduct: true,
      agreeToTerms: true,
      totalPrice: 300,
    },
  });
  expect(res.status()).toBe(201);
  const { enrollmentId, position } = (await res.json()) as { enrollmentId: string; position: string };
  await request.get(`/api/admin/enrollments?minPosition=${position}&page=1&pageSize=1`, { headers: admin });
  return enrollmentId;
}

/** A free enrollment in the networking evening (workshop 10): confirmed at once. */
async function freeEnrollment(request: APIRequestContext, surname: string): Promise<string> {
  const res = await request.post('/api/enroll/workshop/10', {
    data: {
      firstName: 'Grace',
      lastName: surname,
      email: `grace.${surname.toLowerCase()}@example.com`,
      phone: '2145550100',
      participants: 1,
      agreeToTerms: true,
      workshopId: '10',
      totalPrice: 0,
    },
  });
  expect(res.status()).toBe(201);
  const { enrollmentId, position } = (await res.json()) as { enrollmentId: string; position: string };
  await request.get(`/api/admin/enrollments?minPosition=${position}&page=1&pageSize=1`, { headers: admin });
  return enrollmentId;
}

test.describe('the enrollment in full', () => {
  test.use(ADMIN_SIGNED_IN);

  test("a child's name finds the family in the tracker, which opens the enrollment with every participant, the family and the history", async ({
    page,
    request,
  }) => {
    const surname = `Whitfield${Date.now()}`;
    const id = await familyEnrollment(request, surname);
    await page.goto('/admin/enrollments');
    const table = page.getByRole('grid');
    await page.getByRole('searchbox', { name: 'Search enrollments' }).fill(`Theo ${surname}`);
    await expect(page).toHaveURL(/q=Theo/);
    await expect(table.getByRole('row')).toHaveCount(2);
    // The student column names the children, the parent beneath.
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(`Lily ${surname}`);
    await expect(row).toContainText(`Theo ${surname}`);
    await expect(row).toContainText(`Parent: Eleanor ${surname}`);

    await row.click();
    const dialog = page.getByRole('dialog', { name: /^Enrollment record/ });
    await dialog.getByRole('link', { name: 'Open this enrollment as a page' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/enrollments/${id}$`));
    await expect(page.getByRole('heading', { name: 'Enrollment', level: 1 })).toBeVisible();

    const children = page.getByRole('list', { name: `Participants of enrollment ${id}` }).getByRole('listitem');
    await expect(children).toHaveCount(2);
    await expect(children.nth(1)).toContainText(/Dietary restrictions\s*No peanuts/);
    const family = page.getByRole('region', { name: 'Family and agreements' });
    await expect(family).toContainText(`James ${surname}`);
    await expect(family).toContainText('Ruth Porter');
    await expect(family).toContainText('Grandmother');
    await expect(family).toContainText('Theo carries an inhaler.');
    const events = page.getByRole('list', { name: `Events of enrollment ${id}` }).getByRole('listitem');
    await expect(events.first()).toContainText('Enrollment submitted');
    // Unpaid and pending: it can be cancelled, not transferred, and has no confirmation to resend.
    await expect(page.getByRole('button', { name: 'Cancel enrollment…' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend confirmation' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'on the enrollment page');

    // The address is shareable: opened afresh, it shows the same enrollment.
    await page.reload();
    await expect(page.getByRole('list', { name: `Participants of enrollment ${id}` })).toBeVisible();
  });

  test('a confirmed enrollment resends its confirmation, shown in its history', async ({ page, request }) => {
    const id = await freeEnrollment(request, `Hopper${Date.now()}`);
    await page.goto(`/admin/enrollments/${id}`);
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await expect(page.getByText(/Confirmation e-mail (sent again|on its way)/).first()).toBeVisible();
    const events = page.getByRole('list', { name: `Events of enrollment ${id}` }).getByRole('listitem');
    await expect(events.filter({ hasText: 'Confirmation resend requested' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'Confirmation resend requested' })).toContainText('by Owner');
    await expect(events.filter({ hasText: 'Confirmation email resent' })).toHaveCount(1);
  });

  test('the workshop filter narrows the tracker to one workshop, kept in the address', async ({ page, request }) => {
    const surname = `Filter${Date.now()}`;
    await familyEnrollment(request, surname);
    await freeEnrollment(request, surname);
    await page.goto(`/admin/enrollments?q=${surname}`);
    const table = page.getByRole('grid');
    await expect(table.getByRole('row')).toHaveCount(3);
    const { title } = (await (await request.get('/api/workshops/8')).json()) as { title: string };
    // The select's button reads its value, then its label: "All workshops Workshop".
    await page.getByRole('button', { name: /Workshop$/ }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) })
      .click();
    await expect(page).toHaveURL(/workshop=8/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(`Lily ${surname}`);
  });

  // The enrollment page is axe clean at 1280 px in the first test; the dashboard at both widths in
  // admin-office.spec.ts.
  test('at 390 px the dashboard lists the next workshops with their rosters, and the enrollment page is axe clean', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const surname = `Shot${Date.now()}`;
    const id = await familyEnrollment(request, surname);
    await openDashboard(page);
    await expect(page.getByRole('heading', { name: 'Next workshops' })).toBeVisible();
    const next = page.getByRole('list', { name: 'Next workshops' }).getByRole('listitem');
    await expect(next.first()).toContainText(/\d+ of \d+/);
    await expect(next.first().getByRole('link')).toHaveAttribute('href', /\/admin\/workshops\/[^/]+\/roster$/);
    await shot(page, 'admin-dashboard-day');
    await page.goto(`/admin/enrollments?q=${surname}`);
    await expect(page.getByRole('grid').getByRole('row')).toHaveCount(2);
    await shot(page, 'admin-tracker-participants');
    await page.goto(`/admin/enrollments/${id}`);
    await expect(page.getByRole('list', { name: `Events of enrollment ${id}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the enrollment page at 390 px');
    await shot(page, 'admin-enrollment-page');
  });
});

test.describe('complete workshop records', () => {
  test.use(ADMIN_SIGNED_IN);

  test('a workshop saved with instructor, age range, attire, long description, information and note shows them on the schedule', async ({
    page,
  }) => {
    test.slow();
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Workshops' }).click();
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const form = page.getByRole('dialog', { name: 'Add Workshop' });
    const title = `E2E Winter Tea ${Date.now()}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('A winter tea for the test.');
    await form.getByRole('textbox', { name: 'Long description' }).fill('Scones, carols and a table set for winter.');
    await form.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Adult' }).click();
    await form.getByLabel(/^Starts/).fill(`${new Date().getFullYear() + 1}-01-09T14:00`);
    await form.getByLabel(/^Ends/).fill('15:30');
    await form.getByRole('textbox', { name: 'Price' }).fill('45');
    await form.getByRole('textbox', { name: 'Capacity' }).fill('10');
    await expect(form.getByRole('textbox', { name: 'Instructor' })).toHaveValue('Margaret Ellison');
    await form.getByRole('textbox', { name: 'Instructor' }).fill('Clara Whitmore');
    await form.getByRole('textbox', { name: 'Duration' }).fill('1.5 hours');
    await form.getByRole('textbox', { name: 'Age range' }).fill('18+');
    await form.getByRole('textbox', { name: 'Attire' }).fill('Winter white');
    await form.getByRole('textbox', { name: 'Note' }).fill('Bring a wrapped gift');
    // An empty information row is refused, naming the field; then filled in.
    await form.getByRole('button', { name: 'Add information' }).click();
    await form.getByRole('button', { name: 'Create Workshop' }).click();
    await expect(form.getByText('Label is required.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'on the workshop form with its errors');
    await screenshot(page, 'admin-workshop-form-record', { widths: SCREENSHOT_WIDTHS, height: 900, fullPage: false });
    await form.getByRole('textbox', { name: 'Information 1: label' }).fill('Menu');
    await form.getByRole('textbox', { name: 'Information 1: value' }).fill('Scones and cocoa');
    await form.getByRole('button', { name: 'Create Workshop' }).click();
    await expect(page.getByText('Workshop created successfully')).toBeVisible();

    await page.goto('/schedule');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toContainText('Clara Whitmore');
    await expect(card).toContainText('1.5 hours');
    await card.getByRole('button', { name: /^View Details/ }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details).toContainText('Scones, carols and a table set for winter.');
    await expect(details).toContainText(/Menu\s*Scones and cocoa/);
    await expect(details).toContainText(/Age range\s*18\+/);
    await expect(details).toContainText(/Attire\s*Winter white/);
    await expect(details).toContainText('Bring a wrapped gift');
    await expectNoSeriousA11yViolations(page, 'on the workshop dialog');
    await screenshot(page, 'schedule-workshop-record', { widths: SCREENSHOT_WIDTHS, height: 900, fullPage: false });
  });
});
