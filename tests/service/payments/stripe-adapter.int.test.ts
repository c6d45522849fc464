import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePayments } from '../../../service/payments/stripe-adapter.js';
import { PaymentProviderError, RefundRefusedError, WebhookSignatureError } from '../../../service/payments/port.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import { makeEnrollmentApp } from '../enrollment/support.js';
import { enrollAndOpenPayment, intentEvent } from '../enrollment/payment-support.js';
import { stripeAgainstStub } from './stripe-stub.js';

const WEBHOOK_SECRET = 'whsec_stripe_adapter_suite';
const suite = stripeAgainstStub(WEBHOOK_SECRET);
const { stub } = suite;

describe('Stripe adapter (against a local stub of the API)', () => {
  it('given an enrollment, when a PaymentIntent is created, then amount, currency, metadata and the idempotency key reach Stripe, and the same key gives the same intent', async () => {
    const input = {
      amountCents: 15000,
      idempotencyKey: 'enrollment-e1',
      description: 'Princess Tea Party x 2',
      metadata: { enrollmentId: 'e1' },
    };
    const first = await suite.stripe().createPaymentIntent(input);
    const second = await suite.stripe().createPaymentIntent(input);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      amountCents: 15000,
      status: 'requires_payment_method',
      metadata: { enrollmentId: 'e1' },
    });
    expect(first.clientSecret).toMatch(/_secret_/);
    const sent = stub.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['enrollment-e1', 'enrollment-e1']);
    expect(sent[0]!.body.get('currency')).toBe('usd');
    expect(sent[0]!.body.get('automatic_payment_methods[enabled]')).toBe('true');
  });

  it('given an unknown id, when retrieved, then null', async () => {
    expect(await suite.stripe().retrievePaymentIntent('pi_nope')).toBeNull();
  });

  it('given an intent not paid, when cancelled, then Stripe is asked and it is cancelled; a paid one answers that it cannot be', async () => {
    const open = await suite.stripe().createPaymentIntent({
      amountCents: 4000,
      idempotencyKey: 'balance-a',
      description: 'x',
      metadata: {},
    });
    expect(await suite.stripe().cancelPaymentIntent(open.id)).toBe(true);
    expect(stub.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${open.id}/cancel` });
    expect((await suite.stripe().retrievePaymentIntent(open.id))?.status).toBe('canceled');
    const paid = await suite.stripe().createPaymentIntent({
      amountCents: 4000,
      idempotencyKey: 'balance-b',
      description: 'x',
      metadata: {},
    });
    stub.intents.get(paid.id)!.status = 'succeeded';
    expect(await suite.stripe().cancelPaymentIntent(paid.id)).toBe(false);
  });

  it('given a paid intent, when refunded with a key, then the refund id and amount come back', async () => {
    const pi = await suite.stripe().createPaymentIntent({
      amountCents: 2600,
      idempotencyKey: 'enrollment-e2',
      description: 'x',
      metadata: {},
    });
    const refund = await suite.stripe().refund(pi.id, 'refund-e2');
    expect(refund).toMatchObject({ amountCents: 2600 });
    expect(stub.requests.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-e2' });
  });

  it('given a $100 charge, when $40 is refunded by key, then Stripe gets the amount and the key; the same key again is the same refund, never a second', async () => {
    const pi = await suite.stripe().createPaymentIntent({
      amountCents: 10_000,
      idempotencyKey: 'enrollment-e3',
      description: 'x',
      metadata: {},
    });
    const first = await suite.stripe().refund(pi.id, 'refund-e3-1-a1', 4_000);
    const again = await suite.stripe().refund(pi.id, 'refund-e3-1-a1', 4_000);
    expect(first).toEqual({ refundId: expect.stringMatching(/^re_/), amountCents: 4_000 });
    expect(again).toEqual(first);
    const sent = stub.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === 'refund-e3-1-a1');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body.get('amount')).toBe('4000');
    expect(sent[0]!.body.get('payment_intent')).toBe(pi.id);
    expect(stub.refunded.get(pi.id)).toBe(4_000);
  });

  it('given a charge, when Stripe refuses the refund (more than is left, or a card that cannot take it), then RefundRefusedError with Stripe’s code; an outage is not a refusal', async () => {
    const pi = await suite.stripe().createPaymentIntent({
      amountCents: 5_000,
      idempotencyKey: 'enrollment-e4',
      description: 'x',
      metadata: {},
    });
    await expect(suite.stripe().refund(pi.id, 'refund-e4-1-a1', 5_001)).rejects.toMatchObject({
      name: 'RefundRefusedError',
      code: 'amount_too_large',
    });
    stub.refusingRefunds.add(pi.id);
    await expect(suite.stripe().refund(pi.id, 'refund-e4-2-a1', 100)).rejects.toMatchObject({
      name: 'RefundRefusedError',
      code: 'expired_or_canceled_card',
    });
    stub.refusingRefunds.delete(pi.id);
    // A retry is a new attempt with a new key: Stripe would answer the refused key with its refusal again.
    expect(await suite.stripe().refund(pi.id, 'refund-e4-2-a2', 100)).toMatchObject({ amountCents: 100 });
    const down = new StripePayments({
      secretKey: 'sk_test_stub',
      publishableKey: null,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(down.refund(pi.id, 'refund-e4-3-a1', 100)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(down.refund(pi.id, 'refund-e4-3-a1', 100)).rejects.not.toBeInstanceOf(RefundRefusedError);
  });

  it('given good and bad keys, when the connection is tested, then ok, and not ok with Stripe’s words', async () => {
    expect(await suite.stripe().checkConnection()).toEqual({ ok: true });
    const bad = new StripePayments({
      secretKey: 'sk_test_bad',
      publishableKey: null,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: stub.url,
    });
    const result = await bad.checkConnection();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/Invalid API Key/);
  });

  it('given a payload signed with the SDK, when verified, then parsed; when changed after signing, then refused', () => {
    const payload = intentEvent('evt_1', 'payment_intent.succeeded', {
      id: 'pi_1',
      amountCents: 100,
      enrollmentId: 'e9',
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(suite.stripe().verifyEvent(payload, header)).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intent: { id: 'pi_1', metadata: { enrollmentId: 'e9' } },
    });
    expect(() => suite.stripe().verifyEvent(payload.replace('"amount":100', '"amount":1'), header)).toThrow(
      WebhookSignatureError,
    );
    expect(() => suite.stripe().verifyEvent(payload, undefined)).toThrow(WebhookSignatureError);
  });

  it('given the app on the Stripe adapter, when Stripe posts a signed success, then the enrollment is confirmed, and verification asks Stripe', async () => {
    const t = await makeEnrollmentApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      extra: () => ({ payments: suite.stripe() }),
    });
    try {
      const { enrollmentId, intent } = await enrollAndOpenPayment(t);
      expect(stub.intents.get(intent.paymentIntentId)?.metadata).toMatchObject({ enrollmentId, workshopId: '9' });
      stub.intents.get(intent.paymentIntentId)!.status = 'succeeded';
      const payload = intentEvent('evt_stub_ok', 'payment_intent.succeeded', {
        id: intent.paymentIntentId,
        amountCents: intent.amountCents,
        enrollmentId,
      });
      const r = await t.app.request('/api/webhook', {
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': suite.stripe().signForTest(payload),
        },
      });
      expect(r.status).toBe(200);
      await t.settle();
      const types = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
      expect(types).toContain('EnrollmentConfirmed');
      const verified = (await (
        await t.post('/api/payments/verify', {
          paymentIntentId: intent.paymentIntentId,
          clientSecret: intent.clientSecret,
        })
      ).json()) as VerifyPaymentResponse;
      expect(verified).toMatchObject({ status: 'succeeded', orderId: `ORD-${enrollmentId}` });
      expect(stub.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v1/payment_intents/${intent.paymentIntentId}`,
      });
    } finally {
      await t.close();
    }
  });

  it('given Stripe with TEST_PAGES=true and an unpaid intent, when the enrollment test page simulates its success, then the call does not exist (404) and nothing is recorded', async () => {
    const t = await makeEnrollmentApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, TEST_PAGES: 'true' },
      extra: () => ({ payments: suite.stripe() }),
    });
    try {
      const { enrollmentId, intent } = await enrollAndOpenPayment(t);
      const before = await t.eventStore.headPosition();

      const r = await t.post('/api/test/simulate-payment', { paymentIntentId: intent.paymentIntentId });

      expect(r.status).toBe(404);
      expect(await t.eventStore.headPosition()).toBe(before);
      expect((await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type)).not.toContain(
        'PaymentSucceeded',
      );
      expect(stub.intents.get(intent.paymentIntentId)?.status).toBe('requires_payment_method');
      // The other test pages are on: only the simulation is the offline provider's.
      expect((await t.get('/api/test-stripe-connection')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
