import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';
import { invoiceStream } from '../../../contracts/organizations/invoices.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import { pdftotext } from '../../support/poppler.js';

/**
 * Issue 39, item 4: a refund of an invoice issues a credit note for what it takes beyond what was
 * paid over the balance; by check, ACH or wire the office records what it sent, by card the money
 * goes back through the payments port, a reactor's effect, never the request's.
 */

let t: EnrollmentTestApp;
beforeAll(async () => {
  t = await makeEnrollmentApp({ reactors: true });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const ADMIN = { 'admin-key': 'test-admin-key-123456' };
const call = async (method: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) => {
  const res = await t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
};
const admin = (method: string, path: string, body: unknown = {}) => call(method, `/api/admin${path}`, body, ADMIN);
const refund = (invoiceId: string, body: unknown) => admin('POST', `/invoices/${invoiceId}/refunds`, body);
const fieldsOf = (body: Body) => ((body.issues as { path: string }[] | undefined) ?? []).map((i) => i.path);
const eventsOf = async (invoiceId: string, type: string) =>
  (await t.eventStore.readStream(invoiceStream(invoiceId)))
    .filter((e) => e.type === type)
    .map((e) => e.data as Record<string, unknown>);

async function givenInvoice(amountCents: number) {
  const organizationId = (
    await admin('POST', '/organizations', {
      name: 'Acme Corp',
      contactName: 'Dana Reyes',
      contactEmail: 'dana@acme.example',
      billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
    })
  ).body.organizationId as string;
  const quoteId = (
    await admin('POST', '/quotes', {
      organizationId,
      lines: [{ description: 'Business dining etiquette, on site', amountCents }],
      validUntil: '2025-05-31',
    })
  ).body.quoteId as string;
  await admin('POST', `/quotes/${quoteId}/send`);
  const links = organizationLinksFor(t.deps.config)!;
  const accepted = await call('POST', `/api/quotes/${links.quote.token(quoteId, 1)}/accept`, {});
  const invoiceId = accepted.body.invoiceId as string;
  return { invoiceId, token: links.invoice.token(invoiceId) };
}

async function paidByCheck(amountCents: number) {
  const invoice = await givenInvoice(amountCents);
  const paid = await admin('POST', `/invoices/${invoice.invoiceId}/payments`, {
    amountCents,
    method: 'check',
    reference: '1042',
    receivedAt: '2025-05-02',
  });
  expect(paid.status).toBe(201);
  return invoice;
}

async function paidByCard(amountCents: number) {
  const invoice = await givenInvoice(amountCents);
  const form = await call('POST', `/api/invoices/${invoice.token}/payment`);
  await call('POST', '/api/offline-payments/confirm', {
    clientSecret: form.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  await t.offline.idle();
  await t.settle();
  return { ...invoice, paymentIntentId: form.body.paymentIntentId as string };
}

describe('POST /api/admin/invoices/:id/refunds (issue 39)', () => {
  it('given an invoice paid by check, when the office refunds part by check, then a credit note for it comes first, the refund is recorded, and the dashboard counts the invoice once', async () => {
    const { invoiceId, token } = await paidByCheck(100_000);
    const before = ((await admin('GET', '/dashboard')).body as Dashboard).invoices!;

    const res = await refund(invoiceId, { amountCents: 20_000, method: 'check', reference: '1077', note: 'One seat' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      refund: 'recorded',
      creditNote: { number: expect.stringMatching(/^CN-\d{4}-\d{4}$/), amountCents: 20_000 },
      invoiceId,
      status: 'paid',
      paidCents: 100_000,
      balanceCents: 0,
    });
    await t.settle();
    const page = (await call('GET', `/api/invoices/${token}`)).body;
    expect(page).toMatchObject({ creditedCents: 20_000, refundedCents: 20_000, balanceCents: 0 });
    expect(await eventsOf(invoiceId, 'InvoiceRefundRecorded')).toEqual([
      expect.objectContaining({ amountCents: 20_000, method: 'check', reference: '1077' }),
    ]);
    const after = ((await admin('GET', '/dashboard')).body as Dashboard).invoices!;
    expect(after.invoicedCents - before.invoicedCents).toBe(-20_000);
    expect(after.receivedCents - before.receivedCents).toBe(-20_000);
    expect(after.outstandingCents).toBe(before.outstandingCents);

    // The credit note as a PDF, from the invoice's link; another id or a forged link is 404.
    const { creditNoteId, number } = res.body.creditNote as { creditNoteId: string; number: string };
    const pdf = await t.app.request(`/api/invoices/${token}/credit-notes/${creditNoteId}/credit-note.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const words = pdftotext(new Uint8Array(await pdf.arrayBuffer()));
    expect(words).toContain(`CREDIT NOTE ${number}`);
    expect(words).toContain(page.number as string);
    expect(words).toContain('Acme Corp');
    expect(words).toMatch(/Amount credited\s+\$200\.00/);
    expect(words).toContain('One seat');
    for (const path of [
      `/api/invoices/${token}/credit-notes/cn-unknown/credit-note.pdf`,
      `/api/invoices/${token.slice(0, -2)}xx/credit-notes/${creditNoteId}/credit-note.pdf`,
    ])
      expect((await t.app.request(path)).status).toBe(404);
  });

  it('given bad refunds, when posted, then 400 naming the field, 404 for an unknown invoice, and no credit note number spent on a refused one', async () => {
    const { invoiceId } = await paidByCheck(50_000);
    const missing = await refund(invoiceId, { method: 'check' });
    expect([missing.status, fieldsOf(missing.body)]).toEqual([400, ['amountCents']]);
    const cash = await refund(invoiceId, { amountCents: 100, method: 'cash' });
    expect([cash.status, fieldsOf(cash.body)]).toEqual([400, ['method']]);
    const tooMuch = await refund(invoiceId, { amountCents: 50_001, method: 'check' });
    expect([tooMuch.status, fieldsOf(tooMuch.body)]).toEqual([400, ['amountCents']]);
    // Paid by check: nothing can go back to a card.
    const toCard = await refund(invoiceId, { amountCents: 1_000, method: 'card' });
    expect([toCard.status, fieldsOf(toCard.body)]).toEqual([400, ['amountCents']]);
    expect(toCard.body.error).toContain('by card');
    expect(await eventsOf(invoiceId, 'CreditNoteIssued')).toEqual([]);
    expect((await refund('no-such-invoice', { amountCents: 100, method: 'check' })).status).toBe(404);
  });

  it('given an invoice paid by card on its page, when the office refunds part to the card, then the answer says pending, the provider refunds it after the answer, once', async () => {
    const { invoiceId, token, paymentIntentId } = await paidByCard(80_000);
    const res = await refund(invoiceId, { amountCents: 30_000, method: 'card' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ refund: 'pending', creditNote: { amountCents: 30_000 } });
    // The request asked; the refund is the reactor's.
    expect(await eventsOf(invoiceId, 'InvoiceCardRefundRequested')).toEqual([
      expect.objectContaining({ parts: [{ paymentIntentId, amountCents: 30_000 }] }),
    ]);
    await t.settle();
    const recorded = await eventsOf(invoiceId, 'InvoiceRefundRecorded');
    expect(recorded).toEqual([
      expect.objectContaining({ amountCents: 30_000, method: 'card', reference: expect.stringMatching(/^re_/) }),
    ]);
    expect((await call('GET', `/api/invoices/${token}`)).body).toMatchObject({
      paidCents: 80_000,
      creditedCents: 30_000,
      refundedCents: 30_000,
    });
    // The card payment can still take back what is left of it, no more.
    const rest = await refund(invoiceId, { amountCents: 50_001, method: 'card' });
    expect([rest.status, fieldsOf(rest.body)]).toEqual([400, ['amountCents']]);
    expect((await refund(invoiceId, { amountCents: 50_000, method: 'card' })).status).toBe(201);
    await t.settle();
    expect((await call('GET', `/api/invoices/${token}`)).body).toMatchObject({ refundedCents: 80_000 });
    // Delivered again (a crash before the checkpoint): each part refunded once.
    await t.replayReactors();
    expect(await eventsOf(invoiceId, 'InvoiceRefundRecorded')).toHaveLength(2);
  });
});
