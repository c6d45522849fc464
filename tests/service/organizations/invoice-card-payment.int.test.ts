import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import { organizationLinksFor } from '../../../service/organizations/links.js';
import { invoiceStream } from '../../../contracts/organizations/invoices.js';
import type { OfflineConfirmResponse } from '../../../contracts/payments/api.js';
import { handleWebhook } from '../../../service/enrollment/payment/webhook.js';
import { paymentKinds } from '../../../service/payment-kinds.js';

/**
 * Issue 39, item 4: an invoice paid by card from its page, `POST /api/invoices/:token/payment` ->
 * `{ clientSecret, amountCents }`, through the payments port like a balance payment; the money
 * recorded by the webhook or the page's verification as a fact, once; a card payment beyond what is
 * owed (a check recorded meanwhile) goes back to the card, off the request.
 */

let t: EnrollmentTestApp;
beforeAll(async () => {
  t = await makeEnrollmentApp({ reactors: true });
});
afterAll(async () => {
  await t.close();
});

const ADMIN = { 'admin-key': 'test-admin-key-123456' };
const call = async (method: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const admin = async (method: string, path: string, body: unknown = {}) =>
  (await (await call(method, `/api/admin${path}`, body, ADMIN)).json()) as Record<string, string>;

interface Intent {
  clientSecret: string;
  amountCents: number;
  paymentIntentId: string;
}
const askCard = async (token: string) => {
  const res = await call('POST', `/api/invoices/${token}/payment`);
  return { status: res.status, body: (await res.json()) as Intent & { error?: string; code?: string } };
};
const payWithCard = async (clientSecret: string, hold = false) => {
  if (hold) t.offline.attachDelivery(async () => undefined);
  const res = await call('POST', '/api/offline-payments/confirm', {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  return (await res.json()) as OfflineConfirmResponse;
};
const eventsOf = async (invoiceId: string, type: string) =>
  (await t.eventStore.readStream(invoiceStream(invoiceId)))
    .filter((e) => e.type === type)
    .map((e) => e.data as Record<string, unknown>);

async function givenInvoice(amountCents = 120_000) {
  const { organizationId } = await admin('POST', '/organizations', {
    name: 'Acme Corp',
    contactName: 'Dana Reyes',
    contactEmail: 'dana@acme.example',
    billingAddress: { line1: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  });
  const { quoteId } = await admin('POST', '/quotes', {
    organizationId,
    lines: [{ description: 'Business dining etiquette, on site', amountCents }],
    validUntil: '2025-05-31',
  });
  await admin('POST', `/quotes/${quoteId}/send`);
  const links = organizationLinksFor(t.deps.config)!;
  const res = await call('POST', `/api/quotes/${links.quote.token(quoteId!, 1)}/accept`, { poNumber: 'PO-9' });
  const { invoiceId } = (await res.json()) as { invoiceId: string };
  return { invoiceId, token: links.invoice.token(invoiceId) };
}

describe('an invoice paid by card from its page: POST /api/invoices/:token/payment (issue 39)', () => {
  it('given an open invoice, when the contact asks for the card form and pays it, then the invoice is paid by card, recorded once', async () => {
    const { invoiceId, token } = await givenInvoice();
    const { status, body } = await askCard(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ amountCents: 120_000, clientSecret: expect.any(String) });

    expect((await payWithCard(body.clientSecret)).paymentIntent?.status).toBe('succeeded');
    await t.offline.idle();
    // The page's verification reports the same payment again: nothing more is recorded.
    const verified = await call('POST', '/api/payments/verify', {
      paymentIntentId: body.paymentIntentId,
      clientSecret: body.clientSecret,
    });
    expect(await verified.json()).toMatchObject({ status: 'succeeded', invoiceId, enrollmentId: null });
    await t.settle();

    const page = (await (await t.app.request(`/api/invoices/${token}`)).json()) as Record<string, unknown>;
    expect(page).toMatchObject({
      status: 'paid',
      paidCents: 120_000,
      balanceCents: 0,
      payments: [{ method: 'card', amountCents: 120_000, reference: body.paymentIntentId }],
    });
    expect(await eventsOf(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(1);
    expect(await eventsOf(invoiceId, 'InvoicePaid')).toHaveLength(1);

    const again = await askCard(token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error: 'This invoice is already paid.' });
  });

  it('given an open invoice, when the form is asked five times at once and the succeeded payment reported by the webhook and the page at once, then one intent and one payment', async () => {
    const { invoiceId, token } = await givenInvoice(80_000);
    const asked = await Promise.all(Array.from({ length: 5 }, () => askCard(token)));
    const ids = new Set(asked.map((a) => a.body.paymentIntentId));
    expect(ids.size).toBe(1);
    const { clientSecret, paymentIntentId } = asked[0]!.body;

    await payWithCard(clientSecret, true);
    const report = () => call('POST', '/api/payments/verify', { paymentIntentId, clientSecret });
    const [outcomes, webhook] = await Promise.all([
      Promise.all([report(), report(), report()]),
      t.post('/api/test/simulate-payment', { paymentIntentId }),
    ]);
    expect([...outcomes, webhook].map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await t.settle();
    expect(await eventsOf(invoiceId, 'InvoicePaymentRecorded')).toEqual([
      expect.objectContaining({ paymentId: paymentIntentId, amountCents: 80_000, method: 'card' }),
    ]);
    expect(await eventsOf(invoiceId, 'InvoicePaymentIntentCreated')).toHaveLength(1);
    expect(await eventsOf(invoiceId, 'InvoiceOverpaid')).toEqual([]);
    t.offline.attachDelivery((raw, signature) =>
      handleWebhook(t.deps, paymentKinds, raw, signature).then(() => undefined),
    );
  });

  it('given the form asked, when the office records a check for part, then the form is asked again for the rest and the older one can no longer be paid', async () => {
    const { invoiceId, token } = await givenInvoice(100_000);
    const first = (await askCard(token)).body;
    await admin('POST', `/invoices/${invoiceId}/payments`, {
      amountCents: 40_000,
      method: 'check',
      reference: '1042',
      receivedAt: '2025-05-02',
    });
    const second = (await askCard(token)).body;
    expect(second.amountCents).toBe(60_000);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    const stale = await payWithCard(first.clientSecret);
    expect(stale.error?.code).toBe('payment_intent_unexpected_state');
  });

  it('given the form paid after the office recorded a check for everything, then the card money is on record as overpaid and goes back to the card once', async () => {
    const { invoiceId, token } = await givenInvoice(50_000);
    const form = (await askCard(token)).body;
    await admin('POST', `/invoices/${invoiceId}/payments`, {
      amountCents: 50_000,
      method: 'check',
      reference: '2001',
      receivedAt: '2025-05-02',
    });
    await payWithCard(form.clientSecret);
    await t.offline.idle();
    await t.settle();
    expect(await eventsOf(invoiceId, 'InvoiceOverpaid')).toEqual([
      expect.objectContaining({ paymentIntentId: form.paymentIntentId, amountCents: 50_000 }),
    ]);
    expect(await eventsOf(invoiceId, 'InvoiceOverpaymentRefunded')).toEqual([
      expect.objectContaining({ paymentIntentId: form.paymentIntentId, amountCents: 50_000 }),
    ]);
    // Delivered again (a crash before the checkpoint): refunded once.
    await t.replayReactors();
    expect(await eventsOf(invoiceId, 'InvoiceOverpaymentRefunded')).toHaveLength(1);
  });

  it('given a forged token or one of another purpose, when the card form is asked, then 404', async () => {
    const { invoiceId, token } = await givenInvoice();
    const links = organizationLinksFor(t.deps.config)!;
    for (const bad of [`${token.slice(0, -2)}xx`, links.group.token(invoiceId)]) {
      expect((await askCard(bad)).status).toBe(404);
    }
  });
});
