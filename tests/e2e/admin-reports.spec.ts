import { expect, test } from '@playwright/test';
import {
  ADMIN_SIGNED_IN,
  E2E_ADMIN_KEY,
  SCREENSHOT_WIDTHS,
  expectNoSeriousA11yViolations,
  screenshot,
} from './fixtures.js';

const admin = { 'Admin-Key': E2E_ADMIN_KEY };

test.describe('the Reports tab', () => {
  test.use(ADMIN_SIGNED_IN);

  test('given a paid enrollment, when the owner opens Reports and changes the range and grouping, then the chart, its summary and the table follow, and the journal downloads', async ({
    page,
    request,
  }) => {
    const enrolled = await request.post('/api/enroll/workshop/9', {
      data: {
        firstName: 'Harriet',
        lastName: 'Reports',
        email: 'harriet.reports@example.com',
        phone: '2145550100',
        participants: 1,
        agreeToTerms: true,
        workshopId: '9',
        totalPrice: 130,
      },
    });
    expect(enrolled.status()).toBe(201);
    const { enrollmentId } = (await enrolled.json()) as { enrollmentId: string };
    const intent = await request.post('/api/create-payment-intent', { data: { enrollmentId, amount: 130 } });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    await request.post('/api/offline-payments/confirm', {
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    const thisYear = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' }).slice(0, 4);
    await expect
      .poll(async () => {
        const res = await request.get(`/api/admin/reports/revenue?from=${thisYear}-01-01&to=${thisYear}-12-31`, {
          headers: admin,
        });
        return ((await res.json()) as { totals: { bookedCents: number } }).totals.bookedCents;
      })
      .toBeGreaterThanOrEqual(13_000);

    await page.goto('/admin?tab=reports');
    await expect(page.getByRole('heading', { name: 'Revenue', level: 2 })).toBeVisible({ timeout: 20_000 });
    const revenue = page.getByRole('region', { name: 'Revenue' });
    await expect(revenue.getByRole('img', { name: /^Chart: From / }).first()).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Revenue' })).toContainText('Total');

    await page.getByLabel('From').first().fill(`${thisYear}-01-01`);
    await page.getByLabel('To').first().fill(`${thisYear}-12-31`);
    await page.getByRole('button', { name: /Group by/ }).click();
    await page.getByRole('option', { name: 'Source of payment' }).click();
    await expect(page.getByRole('grid', { name: 'Revenue' })).toContainText('Card');
    await expect(revenue.locator('figcaption').first()).toContainText(`From ${thisYear}-01-01 to ${thisYear}-12-31`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Journal for QuickBooks (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe(`journal-${thisYear}-01-01-${thisYear}-12-31-quickbooks.csv`);

    // The funnel, attendance and instructors' reports over the same range: chart, table, CSV.
    const funnel = page.getByRole('region', { name: 'Bookings funnel' });
    await expect(funnel.getByRole('img', { name: /^Chart: From .* holds? started/ })).toBeVisible();
    await expect(funnel.getByRole('grid', { name: 'Bookings started in the range, by program' })).toContainText(
      'Total',
    );
    await expect(page.getByRole('region', { name: 'Attendance and retention' }).locator('figcaption')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instructors' }).getByRole('heading', { level: 3 })).toHaveText(
      'Class sessions taught and pay',
    );
    const funnelCsv = page.waitForEvent('download');
    await funnel.getByRole('button', { name: 'Funnel (CSV)' }).click();
    expect((await funnelCsv).suggestedFilename()).toBe(`funnel-${thisYear}-01-01-${thisYear}-12-31.csv`);

    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page, `the Reports tab at ${width} px`);
      await screenshot(page, `admin-reports-${width}`);
    }
  });
});
