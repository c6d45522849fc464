import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';

let now = new Date('2025-05-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const admin = async (method: string, path: string, body?: unknown) => {
  const res = await adminCall(t.app, method, `/api/admin${path}`, {
    body: body ?? (method === 'GET' ? undefined : {}),
  });
  return { status: res.status, body: (await res.json()) as Body & Body[], total: res.headers.get('x-total-count') };
};
const accept = async (token: string) => {
  const res = await t.app.request(`/api/quotes/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return (await res.json()) as { invoiceId: string; invoiceNumber: string };
};
const organization = (name: string, contactEmail: string) => ({
  name,
  contactName: 'Dana Reyes',
  contactEmail,
  billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
});

async function givenInvoice(organizationId: string, amountCents: number, paymentTermsDays: number) {
  const quote = await admin('POST', '/quotes', {
    organizationId,
    lines: [{ description: 'Business etiquette, on site', amountCents }],
    validUntil: '2025-12-31',
    paymentTermsDays,
  });
  await admin('POST', `/quotes/${quote.body.quoteId as string}/send`);
  return accept(organizationLinksFor(t.deps.config)!.quote.token(quote.body.quoteId as string, 1));
}

describe('organizations and receivables: the read side (issue 39)', () => {
  it('given two organizations with invoices, when the office searches and lists receivables, then each invoice is counted once: open, overdue, paid', async () => {
    const acme = (await admin('POST', '/organizations', organization('Acme Corp', 'dana@acme.example'))).body
      .organizationId as string;
    const globex = (await admin('POST', '/organizations', organization('Globex', 'hr@globex.example'))).body
      .organizationId as string;
    const dueSoon = await givenInvoice(acme, 100_000, 30);
    const dueNow = await givenInvoice(acme, 50_000, 0);
    const paid = await givenInvoice(globex, 20_000, 30);
    await admin('POST', `/invoices/${dueSoon.invoiceId}/payments`, {
      amountCents: 40_000,
      method: 'check',
      reference: '1042',
      receivedAt: '2025-05-01',
    });
    await admin('POST', `/invoices/${paid.invoiceId}/payments`, {
      amountCents: 20_000,
      method: 'wire',
      reference: 'W-9',
      receivedAt: '2025-05-01',
    });
    await t.settle();
    now = new Date('2025-05-03T15:00:00Z');

    const found = await admin('GET', '/organizations?q=acme');
    expect(found.status).toBe(200);
    expect(found.total).toBe('1');
    expect(found.body).toEqual([
      expect.objectContaining({
        id: acme,
        name: 'Acme Corp',
        contactEmail: 'dana@acme.example',
        quotes: 2,
        invoices: 2,
        invoicedCents: 150_000,
        paidCents: 40_000,
        balanceCents: 110_000,
      }),
    ]);
    const byEmail = await admin('GET', '/organizations?q=globex.example');
    expect(byEmail.body.map((o: Body) => o.id)).toEqual([globex]);

    const numbersOf = async (status: string) =>
      (await admin('GET', `/invoices?status=${status}`)).body.map((i: Body) => i.number);
    expect(await numbersOf('overdue')).toEqual([dueNow.invoiceNumber]);
    expect((await numbersOf('open')).sort()).toEqual([dueSoon.invoiceNumber, dueNow.invoiceNumber].sort());
    expect(await numbersOf('paid')).toEqual([paid.invoiceNumber]);
    const bad = await admin('GET', '/invoices?status=late');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^status/);

    // The same receivables as a spreadsheet, and the dashboard's figures: each invoice once.
    const csv = await adminCall(t.app, 'GET', '/api/admin/invoices/export.csv?status=open');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice,Organization,PO number,Quote,Issued,Due,Status,Seats,Total (USD),Credited (USD),Paid (USD),Refunded (USD),Balance (USD),Paid on',
    );
    // By due date: the one due on the day it was issued (overdue now) first.
    expect(lines.slice(1)).toEqual([
      `${dueNow.invoiceNumber},Acme Corp,,Q-2025-0002,2025-05-01,2025-05-01,overdue,0,500.00,0.00,0.00,0.00,500.00,`,
      `${dueSoon.invoiceNumber},Acme Corp,,Q-2025-0001,2025-05-01,2025-05-31,open,0,1000.00,0.00,400.00,0.00,600.00,`,
    ]);
    const dashboard = await admin('GET', '/dashboard');
    expect(dashboard.body.invoices).toEqual({
      invoicedCents: 170_000,
      receivedCents: 60_000,
      outstandingCents: 110_000,
      overdue: [
        {
          invoiceId: dueNow.invoiceId,
          number: dueNow.invoiceNumber,
          organizationName: 'Acme Corp',
          balanceCents: 50_000,
          dueAt: expect.any(String),
        },
      ],
    });
  });
});
