import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { RevenueReport } from '../../../contracts/reports/revenue.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';
import { categoryAccountOf } from '../../../service/reports/accounts.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { readCsvRecords } from '../../support/csv.js';
import { adminCall } from '../admin/support.js';

const now = new Date('2025-05-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

const admin = async (method: string, path: string, body: unknown = {}) =>
  (await (await adminCall(t.app, method, `/api/admin${path}`, { body })).json()) as Record<string, string>;
const get = async <T>(path: string) => (await (await adminCall(t.app, 'GET', `/api/admin${path}`)).json()) as T;
const cents = (amount: string | undefined) => (amount ? Math.round(Number(amount) * 100) : 0);

/** An invoice of 4 seats at $100 in a workshop held on 2025-09-27 and $600 of training on site: $1,000. */
async function givenInvoice() {
  const id = `rev-${randomUUID().slice(0, 8)}`;
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: 'Executive Edge', capacity: 20, price: 100, priceTiers: [] };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: now.toISOString() };
  await t.eventStore.append(
    workshopStream(id),
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
    'no_stream',
  );
  await t.settle();
  const { organizationId } = await admin('POST', '/organizations', {
    name: 'Acme Corp',
    contactName: 'Dana Reyes',
    contactEmail: 'dana@acme.example',
    billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  });
  const { quoteId } = await admin('POST', '/quotes', {
    organizationId,
    lines: [
      { workshopId: id, seats: 4 },
      { description: 'Dining etiquette, on site', amountCents: 60_000 },
    ],
    validUntil: '2025-05-31',
  });
  await admin('POST', `/quotes/${quoteId}/send`);
  const token = organizationLinksFor(t.deps.config)!.quote.token(quoteId!, 1);
  const res = await t.app.request(`/api/quotes/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return { invoiceId: ((await res.json()) as { invoiceId: string }).invoiceId, workshop };
}

describe('an invoice’s money in the revenue report, the journal and the dashboard, each once (issue 39, record 125)', () => {
  it('given a $1,000 invoice paid by a check then a wire, when the office reads its figures, then the money received is booked once as Invoice, recognized on the workshop’s day and as received for the training on site, and the journal balances', async () => {
    const { invoiceId, workshop } = await givenInvoice();
    await admin('POST', `/invoices/${invoiceId}/payments`, {
      amountCents: 50_000,
      method: 'check',
      reference: '1042',
      receivedAt: '2025-05-02',
    });
    await t.settle();

    // Half received: the dashboard's invoice figures and the report agree.
    const half = await get<Dashboard>('/dashboard');
    expect(half.invoices).toMatchObject({ invoicedCents: 100_000, receivedCents: 50_000, outstandingCents: 50_000 });
    const year = 'from=2025-01-01&to=2025-12-31';
    const halfReport = await get<RevenueReport>(`/reports/revenue?${year}&by=source`);
    expect(halfReport.rows).toEqual([
      {
        key: 'invoice',
        label: 'Invoice',
        bookedCents: 50_000,
        refundedCents: 0,
        netCents: 50_000,
        recognizedCents: 50_000,
      },
    ]);

    await admin('POST', `/invoices/${invoiceId}/payments`, {
      amountCents: 50_000,
      method: 'wire',
      reference: 'W-9',
      receivedAt: '2025-05-10',
    });
    await t.settle();

    const dashboard = await get<Dashboard>('/dashboard');
    expect(dashboard.invoices).toMatchObject({ invoicedCents: 100_000, receivedCents: 100_000, outstandingCents: 0 });
    const report = await get<RevenueReport>(`/reports/revenue?${year}&by=source`);
    expect(report.totals).toEqual({
      bookedCents: 100_000,
      refundedCents: 0,
      netCents: 100_000,
      recognizedCents: 100_000,
    });
    // Counted once: the report's net is the dashboard's revenue card (families) and the invoices received.
    expect(Math.round(dashboard.revenue * 100) + dashboard.invoices!.receivedCents).toBe(report.totals.netCents);
    // The training on site (60%) is earned as its money comes; the seats (40%) on the workshop's day.
    const may = await get<RevenueReport>('/reports/revenue?from=2025-05-01&to=2025-05-31&by=source');
    expect(may.totals).toMatchObject({ bookedCents: 100_000, recognizedCents: 60_000 });

    const res = await adminCall(t.app, 'GET', `/api/admin/exports/journal.csv?${year}&format=quickbooks`);
    expect(res.status).toBe(200);
    const rows = readCsvRecords(await res.text());
    const entry = (day: string) =>
      Object.fromEntries(
        rows
          .filter((r) => r.JournalNo === `GL-${day.replaceAll('-', '')}`)
          .map((r) => [r.AccountName!, cents(r.Debits) - cents(r.Credits)]),
      );
    expect(entry('2025-05-02')).toEqual({
      'Undeposited Funds': 50_000,
      'Deferred Revenue': -20_000,
      'Income - Business': -30_000,
    });
    expect(entry('2025-05-10')).toEqual(entry('2025-05-02'));
    expect(entry('2025-09-27')).toEqual({
      'Deferred Revenue': 40_000,
      [categoryAccountOf(workshop.category).name]: -40_000,
    });
    const total = rows.reduce((s, r) => s + cents(r.Debits) - cents(r.Credits), 0);
    expect(total).toBe(0);
  });
});
