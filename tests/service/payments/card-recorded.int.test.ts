import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { enrollmentStream, type PaymentSucceeded } from '../../../contracts/enrollment/events.js';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import { tempDataDir } from '../../support/server.js';
import { makeEnrollmentApp } from '../enrollment/support.js';
import { enrollAndOpenPayment, intentEvent } from '../enrollment/payment-support.js';
import { makeBookingApp } from '../booking/support.js';
import { stripeAgainstStub } from './stripe-stub.js';

/**
 * Issue 37 item 5: the card that paid is known by its brand and last four digits, from the
 * PaymentIntent's payment method through the payments port, and recorded with the payment on a new
 * optional field of PaymentSucceeded, so receipts can say "Visa ending 4242".
 */

const WEBHOOK_SECRET = 'whsec_card_recorded_suite';
const suite = stripeAgainstStub(WEBHOOK_SECRET);

const succeededOf = async (
  t: { eventStore: { readStream(id: string): Promise<{ type: string; data: unknown }[]> } },
  id: string,
) =>
  (await t.eventStore.readStream(enrollmentStream(id))).find((e) => e.type === 'PaymentSucceeded')?.data as
    PaymentSucceeded | undefined;

describe('the card that paid, recorded with the payment', () => {
  it('given the offline provider, when the test card 4242 pays, then the intent names a Visa ending 4242, after a restart too', async () => {
    const file = join(tempDataDir('offline-card-'), 'offline-payments.db');
    const first = new OfflinePayments({ file, webhookSecret: WEBHOOK_SECRET });
    const pi = await first.createPaymentIntent({
      amountCents: 13_000,
      idempotencyKey: 'enrollment-card',
      description: 'Adult Dining x 1',
      metadata: { enrollmentId: 'card' },
    });
    expect((await first.retrievePaymentIntent(pi.id))?.card ?? null).toBeNull();
    first.confirmWithTestCard({
      clientSecret: pi.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect((await first.retrievePaymentIntent(pi.id))?.card).toEqual({ brand: 'visa', last4: '4242' });
    await first.idle();
    first.close();
    const second = new OfflinePayments({ file, webhookSecret: WEBHOOK_SECRET });
    expect((await second.retrievePaymentIntent(pi.id))?.card).toEqual({ brand: 'visa', last4: '4242' });
    second.close();
  });

  it('given a booking paid with the test card on the offline provider, then its PaymentSucceeded records the card', async () => {
    const b = await makeBookingApp();
    try {
      const bought = await b.buy('9', { total: 130 });
      expect((await succeededOf(b.t, bought.enrollmentId))?.card).toEqual({ brand: 'visa', last4: '4242' });
    } finally {
      await b.t.close();
    }
  });

  it('given Stripe, when a saved card is charged with the parent away, then the answer names the card that paid (record 152)', async () => {
    const charged = await suite.stripe().chargeSavedCard({
      card: { customerId: 'cus_stub_card', paymentMethodId: 'pm_card_mastercard' },
      amountCents: 10_000,
      idempotencyKey: 'installment-card-2-1',
      description: 'Instalment 2 of 3',
      metadata: { enrollmentId: 'card', kind: 'installment', installment: '2' },
    });
    expect(charged).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } });
  });

  it('given Stripe, when its webhook says succeeded without the payment method expanded, then the app asks Stripe for it and records the card', async () => {
    const t = await makeEnrollmentApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      extra: () => ({ payments: suite.stripe() }),
    });
    try {
      const { enrollmentId, intent } = await enrollAndOpenPayment(t);
      Object.assign(suite.stub.intents.get(intent.paymentIntentId)!, {
        status: 'succeeded',
        payment_method: 'pm_card_mastercard',
      });
      const payload = intentEvent('evt_card_ok', 'payment_intent.succeeded', {
        id: intent.paymentIntentId,
        amountCents: intent.amountCents,
        enrollmentId,
      });
      const r = await t.app.request('/api/webhook', {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': suite.stripe().signForTest(payload) },
      });
      expect(r.status).toBe(200);
      await t.settle();
      expect((await succeededOf(t, enrollmentId))?.card).toEqual({ brand: 'mastercard', last4: '4444' });
      expect(
        suite.stub.requests.some(
          (q) => q.method === 'GET' && [...q.query].some(([k, v]) => k.startsWith('expand[') && v === 'payment_method'),
        ),
      ).toBe(true);
    } finally {
      await t.close();
    }
  });
});
