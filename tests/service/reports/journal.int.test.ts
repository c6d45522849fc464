import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import type { RevenueReport } from '../../../contracts/reports/revenue.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { readCsvRecords } from '../../support/csv.js';
import { adminCall } from '../admin/support.js';
import { recordSchoolYear } from './school-year.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const cents = (amount: string) => (amount === '' ? 0 : Math.round(Number(amount) * 100));
const isIncome = (account: string) => account.startsWith('Income - ');

async function journal(query: string) {
  const res = await adminCall(t.app, 'GET', `/api/admin/exports/journal.csv?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return readCsvRecords(await res.text());
}
const revenue = async (query: string) =>
  ((await (await adminCall(t.app, 'GET', `/api/admin/reports/revenue?${query}`)).json()) as RevenueReport).totals;

/** Debits less credits per entry (QuickBooks rows), and the income credited less debited over all of them. */
function quickbooksFigures(rows: Record<string, string>[]) {
  const balance = new Map<string, number>();
  let income = 0;
  for (const r of rows) {
    const signed = cents(r.Debits!) - cents(r.Credits!);
    balance.set(r.JournalNo!, (balance.get(r.JournalNo!) ?? 0) + signed);
    if (isIncome(r.AccountName!)) income -= signed;
  }
  return { balance, income };
}

describe('GET /api/admin/exports/journal.csv', () => {
  it('given a year of mixed activity, when exported for QuickBooks and Xero, then every day balances to the cent and its income is the revenue report’s, and over the year the net and the dashboard’s revenue', async () => {
    t = await makeTestApp();
    await recordSchoolYear(t.eventStore);
    await t.settle();
    const dashboard = (await (await adminCall(t.app, 'GET', '/api/admin/dashboard')).json()) as Dashboard;

    for (const range of [
      'from=2024-01-01&to=2026-12-31',
      'from=2025-03-01&to=2025-06-30',
      'from=2025-07-19&to=2025-07-19',
    ]) {
      const report = await revenue(range);
      const qb = await journal(`${range}&format=quickbooks`);
      expect(Object.keys(qb[0]!)).toEqual([
        'JournalNo',
        'JournalDate',
        'AccountName',
        'Debits',
        'Credits',
        'Description',
      ]);
      const { balance, income } = quickbooksFigures(qb);
      expect(balance.size, range).toBeGreaterThan(0);
      for (const [entry, rest] of balance) expect(rest, `${range} ${entry}`).toBe(0);
      expect(income, range).toBe(report.recognizedCents);

      const xero = await journal(`${range}&format=xero`);
      expect(Object.keys(xero[0]!)).toEqual([
        '*Narration',
        '*Date',
        'Description',
        '*AccountCode',
        '*TaxRate',
        '*Amount',
      ]);
      const byDay = new Map<string, number>();
      let xeroIncome = 0;
      for (const r of xero) {
        byDay.set(r['*Narration']!, (byDay.get(r['*Narration']!) ?? 0) + cents(r['*Amount']!));
        if (isIncome(r.Description!)) xeroIncome -= cents(r['*Amount']!);
      }
      expect(byDay.size).toBe(balance.size);
      for (const [entry, rest] of byDay) expect(rest, `${range} ${entry}`).toBe(0);
      expect(xeroIncome, range).toBe(report.recognizedCents);

      if (range.startsWith('from=2024')) {
        // Every session of the year is held in the range: all of the net is income, and it is the dashboard's revenue.
        expect(income).toBe(report.netCents);
        expect(income).toBe(Math.round(dashboard.revenue * 100));
        expect(qb[0]!.JournalDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      }
    }
  });

  it('given bad input, when asked, then each is a 400 naming the field', async () => {
    t = await makeTestApp();
    for (const [query, field] of [
      ['to=2025-12-31&format=xero', 'from'],
      ['from=2025-01-01&to=2025-13-01&format=xero', 'to'],
      ['from=2025-01-01&to=2025-12-31', 'format'],
      ['from=2025-01-01&to=2025-12-31&format=sage', 'format'],
    ] as const) {
      const res = await adminCall(t.app, 'GET', `/api/admin/exports/journal.csv?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toMatch(new RegExp(`^${field}: `));
    }
  });
});
