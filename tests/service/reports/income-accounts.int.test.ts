import { afterEach, describe, expect, it } from 'vitest';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { readCsvRecords } from '../../support/csv.js';
import { paid, record, submitted } from '../../support/enrollment-events.js';
import { adminCall } from '../admin/support.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** The seeded programs: "Etiquette After Dark" (10) holds the adult dinner (workshop 6); workshop 7 is a tea party of program 9. */
const AFTER_DARK = '10';
const YEAR = 'from=2025-01-01&to=2025-12-31';
const cents = (amount: string | undefined) => (amount ? Math.round(Number(amount) * 100) : 0);

/** A booking of `workshopId` paid $300 on 2025-06-01, as the service records it. */
async function givenPaidBooking(enrollmentId: string, workshopId: string, category: string) {
  const base = submitted(enrollmentId);
  if (base.type !== 'EnrollmentSubmitted') throw new Error('submitted');
  const booked: EnrollmentEvent = {
    type: 'EnrollmentSubmitted',
    data: { ...base.data, workshopId, item: { ...base.data.item, id: workshopId, category } },
  };
  await record(t.eventStore, enrollmentId, [
    { event: booked, actor: 'visitor' },
    { event: paid(enrollmentId, 30_000), actor: 'system' },
  ]);
}

const setAccount = (programId: string, body: unknown, key?: string) =>
  adminCall(t.app, 'PUT', `/api/admin/programs/${programId}/income-account`, { body, ...(key ? { key } : {}) });

/** Income per account over 2025 in QuickBooks' rows (credits less debits), and the Xero codes by account. */
async function income() {
  const qb = await adminCall(t.app, 'GET', `/api/admin/exports/journal.csv?${YEAR}&format=quickbooks`);
  expect(qb.status).toBe(200);
  const byAccount: Record<string, number> = {};
  for (const r of readCsvRecords(await qb.text()))
    if (!['Undeposited Funds', 'Deferred Revenue'].includes(r.AccountName!))
      byAccount[r.AccountName!] = (byAccount[r.AccountName!] ?? 0) + cents(r.Credits) - cents(r.Debits);
  const xero = await adminCall(t.app, 'GET', `/api/admin/exports/journal.csv?${YEAR}&format=xero`);
  const codes = Object.fromEntries(readCsvRecords(await xero.text()).map((r) => [r.Description!, r['*AccountCode']]));
  return { byAccount, codes };
}

describe('PUT /api/admin/programs/:id/income-account (issue 42: an income account per program, set in Settings)', () => {
  it('given the owner sets After Dark’s income account, when the journal is exported, then the dinner’s income goes to it (with its code for Xero) and a tea party’s stays on its category’s default; cleared, the dinner’s goes back', async () => {
    t = await makeTestApp();
    await givenPaidBooking('dinner-1', '6', 'adult');
    await givenPaidBooking('tea-1', '7', 'tea-party');
    await t.settle();
    expect((await income()).byAccount).toEqual({ 'Income - Adult': 30_000, 'Income - Tea Party': 30_000 });

    const res = await setAccount(AFTER_DARK, { account: '  After Dark Tuition ', code: '4100' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ programId: AFTER_DARK, account: 'After Dark Tuition', code: '4100' });
    await t.settle();

    const set = await income();
    expect(set.byAccount).toEqual({ 'After Dark Tuition': 30_000, 'Income - Tea Party': 30_000 });
    expect(set.codes['After Dark Tuition']).toBe('4100');
    const recorded = await t.eventStore.readStream(`program-income-account-${AFTER_DARK}`);
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      [
        'ProgramIncomeAccountChanged',
        expect.objectContaining({
          programId: AFTER_DARK,
          account: 'After Dark Tuition',
          previousAccount: null,
          code: '4100',
        }),
      ],
    ]);

    // The public programs never show the school's chart of accounts.
    for (const path of ['/api/programs', `/api/programs/${AFTER_DARK}`])
      expect(await (await t.app.request(path)).text(), path).not.toContain('After Dark Tuition');

    expect((await setAccount(AFTER_DARK, { account: null })).status).toBe(200);
    await t.settle();
    expect((await income()).byAccount).toEqual({ 'Income - Adult': 30_000, 'Income - Tea Party': 30_000 });
  });

  it('given bad input, an unknown program, a manager or an instructor, when the account is set, then 400 naming the field, 404, 403, and nothing is recorded', async () => {
    t = await makeTestApp();
    for (const body of [
      {},
      { account: '' },
      { account: '   ' },
      { account: 42 },
      { account: 'x'.repeat(101) },
      { account: 'Tuition', code: '41-00' },
    ]) {
      const res = await setAccount(AFTER_DARK, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(body)).toMatch(
        body.code ? /^code: / : /^account: /,
      );
    }
    expect((await setAccount('no-such-program', { account: 'Tuition' })).status).toBe(404);

    for (const role of ['manager', 'instructor']) {
      const added = await adminCall(t.app, 'POST', '/api/admin/administrators', {
        body: { name: `A ${role}`, email: `${role}@example.com`, role },
      });
      expect(added.status, await added.clone().text()).toBe(201);
      const { key } = (await added.json()) as { key: string };
      expect((await setAccount(AFTER_DARK, { account: 'Tuition' }, key)).status, role).toBe(403);
    }
    expect(await t.eventStore.readStream(`program-income-account-${AFTER_DARK}`)).toEqual([]);
  });
});
