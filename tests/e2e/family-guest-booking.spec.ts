import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  SCREENSHOTS,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  hydrated,
  outboxMessage,
  screenshot,
} from './fixtures.js';

/**
 * Issue 37 items 2 and 9 in the browser: a child booked as a guest before the family page joins it
 * when the parent confirms who she is; the family page starts from the booking; the class list and
 * the printed sign-in sheet then read her allergies, medical notes and the family's pick-up list.
 * What the API decides is proved in tests/service/account/booking-children.int.test.ts.
 */

const DAY = 86_400_000;

/** axe, then a screenshot at each width; back at 390 px after. */
async function lookAt(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, `on ${name}`);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await screenshot(page, name);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test.describe('a guest booking joins the family record', () => {
  test.use(ADMIN_SIGNED_IN);

  test('at 390 px: the family page offers the booking’s child and starts from its details; confirmed, the roster and the printed sheet read her medical notes and the pick-up list', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // a booking, a sign-in by e-mail, the family page, the roster, axe, a PDF
    const email = `guest.${Date.now()}@example.com`;
    const title = `Little Manners ${Date.now()}`;
    const created = await request.post('/api/admin/workshops', {
      headers: { 'Admin-Key': E2E_ADMIN_KEY },
      data: {
        title,
        description: 'Table manners for young children.',
        category: 'children',
        date: `${new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)}T10:00`,
        time: '10:00 AM - 11:30 AM',
        location: 'Legacy Commons, Plano',
        instructor: 'Margaret Ellison',
        price: 0,
        capacity: 10,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const workshopId = ((await created.json()) as { id: string }).id;

    // A guest booking, typed before any family page: no allergy, the contact the only adult named.
    const booked = await request.post(`/api/enroll/workshop/${workshopId}`, {
      data: {
        firstName: 'Eleanor',
        lastName: 'Whitfield',
        email,
        phone: '9725550100',
        participants: 1,
        participantDetails: [{ name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary' }],
        emergencyContact1Name: 'James Whitfield',
        emergencyContact1Phone: '9725550101',
        emergencyContact1Relationship: 'Father',
        emergencyContact2Name: 'Ruth Porter',
        emergencyContact2Phone: '9725550102',
        emergencyContact2Relationship: 'Grandmother',
        agreeToCodeOfConduct: true,
        agreeToTerms: true,
        totalPrice: 0,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // The parent signs in with the booking's address.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account');
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('we have sent a link to sign in');
    const mail = await outboxMessage('sign-in-', (text) => text.includes(`To: ${email}`));
    await page.goto(/\/account\/sign-in\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/.exec(mail)![0]);
    await page.getByRole('button', { name: 'Continue to my family page' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await hydrated(page);

    // Offered, not taken: Lily is proposed as a new child, and the details form starts from the booking.
    const offer = page.getByRole('region', { name: 'Children from your bookings' });
    await expect(offer).toContainText(title);
    await expect(offer.getByRole('button', { name: /Lily Whitfield, age 8/ })).toContainText(
      'Add Lily Whitfield to my children',
    );
    const details = page.getByRole('region', { name: 'Family details' });
    await expect(details).toContainText(`Filled in from your booking of ${title}`);
    await expect(details.getByRole('textbox', { name: 'First name' })).toHaveValue('Eleanor');
    await expect(
      details.getByRole('group', { name: 'Emergency contact 1' }).getByRole('textbox', { name: 'Name', exact: true }),
    ).toHaveValue('James Whitfield');
    await expect(
      page.getByRole('region', { name: 'Children', exact: true }).getByRole('heading', { level: 3 }),
    ).toHaveCount(0);
    await lookAt(page, 'family-booking-children');

    await offer.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('region', { name: 'Children from your bookings' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Lily Whitfield' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'The Whitfield family' })).toBeVisible();
    await lookAt(page, 'family-booking-children-confirmed');

    // Later, on the family page: her date of birth and medical notes, and a grandmother to collect her.
    const origin = { origin: baseURL! };
    const account = (await (await page.request.get('/api/account')).json()) as {
      children: { id: string }[];
      details: Record<string, unknown>;
    };
    const lily = account.children[0]!.id;
    const saved = await page.request.put(`/api/account/children/${lily}`, {
      headers: origin,
      data: {
        name: 'Lily Whitfield',
        dateOfBirth: '2017-03-14',
        grade: '3rd',
        school: 'Hedgcoxe Elementary',
        medicalNotes: 'Asthma: carries an inhaler',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const household = await page.request.put('/api/account/household', {
      headers: origin,
      data: { ...account.details, pickupAdults: [{ name: 'Ruth Porter', relationship: 'Grandmother', phone: '' }] },
    });
    expect(household.status(), await household.text()).toBe(200);

    // The class list reads her as the family keeps her, on screen and on paper.
    await page.goto(`/admin/workshops/${workshopId}/roster`);
    const row = page.getByRole('grid', { name: `Roster of ${title}, session 1` }).getByRole('row', { name: /Lily/ });
    await expect(row).toContainText('Asthma: carries an inhaler');
    await expect(row).toContainText('Medical');
    await expect(
      page.getByRole('button', { name: 'Lily Whitfield collected by Ruth Porter (Grandmother)' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Roster summary' })).toContainText('1 with medical notes');
    await lookAt(page, 'roster-medical-notes');

    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('.sign-in-sheet');
    await expect(sheet.locator('tbody tr').first()).toContainText('⚠ Medical: Asthma: carries an inhaler');
    await expect(sheet.locator('tbody tr').first()).not.toContainText('None');
    const dir = SCREENSHOTS ? resolve('screenshots') : test.info().outputDir;
    mkdirSync(dir, { recursive: true });
    const pdf = join(dir, 'roster-medical-sign-in.pdf');
    await page.pdf({ path: pdf, format: 'Letter', preferCSSPageSize: true, printBackground: true });
    // As the paper reads it, lines wrapped in the narrow column joined again.
    const text = execFileSync('pdftotext', [pdf, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain('Medical: Asthma: carries an inhaler');
    if (SCREENSHOTS)
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, join(dir, 'roster-medical-sign-in')]);
  });
});
