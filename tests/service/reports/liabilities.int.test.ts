import { afterEach, describe, expect, it } from 'vitest';
import type { Liabilities } from '../../../contracts/reports/liabilities.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { readCsvRecords } from '../../support/csv.js';
import { adminCall } from '../admin/support.js';
import { recordSchoolYear } from './school-year.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const cents = (amount: string) => (amount === '' ? 0 : Math.round(Number(amount) * 100));

describe('GET /api/admin/reports/liabilities', () => {
  it('given a year of mixed activity, when asked on days through it, then gift cards, family credit and deferred revenue are the journal’s closing balances of their accounts', async () => {
    t = await makeTestApp();
    await recordSchoolYear(t.eventStore);
    await t.settle();
    for (const on of ['2025-03-31', '2025-06-30', '2025-10-15', '2026-12-31']) {
      const res = await adminCall(t.app, 'GET', `/api/admin/reports/liabilities?on=${on}`);
      expect(res.status).toBe(200);
      const liabilities = (await res.json()) as Liabilities;
      const journal = await adminCall(
        t.app,
        'GET',
        `/api/admin/exports/journal.csv?from=2024-01-01&to=${on}&format=quickbooks`,
      );
      const owed = new Map<string, number>();
      for (const r of readCsvRecords(await journal.text()))
        owed.set(r.AccountName!, (owed.get(r.AccountName!) ?? 0) + cents(r.Credits!) - cents(r.Debits!));
      const figure = (key: string) => liabilities.rows.find((r) => r.key === key)!.cents;
      expect(figure('gift-cards'), on).toBe(owed.get('Gift Card Liability') ?? 0);
      expect(figure('family-credit'), on).toBe(owed.get('Family Credit Liability') ?? 0);
      expect(figure('deferred'), on).toBe(owed.get('Deferred Revenue') ?? 0);
      expect(liabilities.totalCents).toBe(figure('gift-cards') + figure('family-credit') + figure('deferred'));
    }
    // Once every session is held, nothing is deferred; unspent gift cards and credit remain owed.
    const end = (await (
      await adminCall(t.app, 'GET', '/api/admin/reports/liabilities?on=2026-12-31')
    ).json()) as Liabilities;
    expect(end.rows.find((r) => r.key === 'deferred')!.cents).toBe(0);
    expect(end.rows.find((r) => r.key === 'gift-cards')!.cents).toBeGreaterThan(0);
  });

  it('given no day or a day that does not exist, when asked, then 400 names `on`', async () => {
    t = await makeTestApp();
    for (const query of ['', '?on=2025-02-29', '?on=yesterday']) {
      const res = await adminCall(t.app, 'GET', `/api/admin/reports/liabilities${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^on: /);
    }
  });
});
