import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { ADMIN_SIGNED_IN, E2E_ADMIN_KEY, expectNoSeriousA11yViolations, settle } from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };
const SHOTS = resolve('.tmp/screenshots');
/** A summer camp: a stricter form (each child's details), seats no other spec books. */
const CAMP = '2';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
}

/** One child of the Quennell family in the camp, paid with the test card; answers the enrollment id. */
async function paidFamilyBooking(request: APIRequestContext, email: string): Promise<string> {
  const camp = (await (await request.get(`/api/workshops/${CAMP}`)).json()) as Workshop;
  const enrolled = await request.post(`/api/enroll/workshop/${CAMP}`, {
    data: {
      firstName: 'Wilhelmina',
      lastName: 'Quennell',
      email,
      phone: '9725557788',
      participants: 1,
      participantDetails: [
        {
          name: 'Octavia Quennell',
          age: 9,
          grade: '4th',
          school: 'Brinkerhoff Elementary',
          hasDietaryRestrictions: true,
          dietaryRestrictions: 'Severe tree-nut allergy',
        },
      ],
      emergencyContact1Name: 'Theodora Marchbanks',
      emergencyContact1Phone: '9725553344',
      emergencyContact1Relationship: 'Aunt',
      emergencyContact2Name: 'Sam Lee',
      emergencyContact2Phone: '9725550103',
      emergencyContact2Relationship: 'Neighbor',
      agreeToCodeOfConduct: true,
      agreeToTerms: true,
      totalPrice: camp.price,
    },
  });
  expect(enrolled.status()).toBe(201);
  const { enrollmentId } = (await enrolled.json()) as { enrollmentId: string };
  const intent = await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: camp.price } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/offline-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  await expect
    .poll(async () => {
      const rows = (await (
        await request.get(`/api/admin/enrollments?q=${enrollmentId}`, { headers: admin })
      ).json()) as { status: string }[];
      return rows[0]?.status;
    })
    .toBe('completed');
  return enrollmentId;
}

test.describe('privacy', () => {
  test.use(ADMIN_SIGNED_IN);

  test('the owner erases a family from its enrollment in full: the e-mail typed to confirm, the paid class ahead asked about, then “Erased” everywhere', async ({
    page,
    request,
  }) => {
    test.slow();
    const email = `wilhelmina.${Date.now()}@example.com`;
    const id = await paidFamilyBooking(request, email);
    await page.goto(`/admin/enrollments/${id}`);
    await expect(page.getByText('Octavia Quennell').first()).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Erase this family’s personal data…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this family’s personal data' });
    const erase = dialog.getByRole('button', { name: 'Erase personal data' });
    await expect(erase).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type the family’s e-mail to confirm' }).fill(email);
    await expectNoSeriousA11yViolations(page, 'in the erase dialog');
    await shot(page, 'privacy-erase-confirm');
    await erase.click();

    // A paid class is ahead: the dialog names it and what cancelling gives, and asks.
    await expect(dialog.getByRole('alert')).toContainText('paid class ahead');
    await expect(dialog.getByRole('alert')).toContainText('full refund');
    await shot(page, 'privacy-erase-upcoming');
    await dialog.getByRole('button', { name: 'Cancel these bookings and erase' }).click();

    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText('Personal data erased')).toBeVisible();
    await expect(page.getByText('Octavia Quennell')).toHaveCount(0);
    await expect(page.getByText('Erased').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erase this family’s personal data…' })).toHaveCount(0);
    await shot(page, 'privacy-erased-enrollment');
  });

  test('Settings lists who read a roster, filtered by administrator; /privacy states the configured numbers', async ({
    page,
    request,
  }) => {
    expect((await request.get(`/api/admin/workshops/${CAMP}/roster`, { headers: admin })).status()).toBe(200);
    const camp = (await (await request.get(`/api/workshops/${CAMP}`)).json()) as { title: string };
    await page.goto('/admin?tab=settings');
    const log = page.getByRole('region', { name: 'Access log' });
    // The workshop read is named as the office knows it, not by its id.
    const rosterRead = log.getByRole('row').filter({ hasText: 'Owner' }).filter({ hasText: camp.title });
    await expect(rosterRead.first()).toBeVisible({ timeout: 20_000 });
    await expect(log.getByRole('link', { name: `Workshop ${CAMP}`, exact: true })).toHaveCount(0);
    await log.getByRole('button', { name: /Administrator/ }).click();
    await page.getByRole('option', { name: 'Owner' }).click();
    await expect(log.getByRole('button', { name: /Administrator/ })).toContainText('Owner');
    await expect(rosterRead.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'in Settings');
    await shot(page, 'privacy-access-log');

    await page.goto('/privacy');
    const kept = page.getByRole('region', { name: /How Long We Keep It/ });
    await expect(kept).toContainText('erased automatically 90 days after your child’s last session');
    await expect(kept).toContainText('the last 14 daily copies');
    await expect(page.getByRole('region', { name: /Erasure/ })).toContainText('cannot be brought back');
    await expectNoSeriousA11yViolations(page, 'on /privacy');
    await shot(page, 'privacy-page');
  });
});
