import { describe, expect, it } from 'vitest';
import { StripePayments } from '../../../service/payments/stripe-adapter.js';
import { PaymentProviderError } from '../../../service/payments/port.js';
import { providerEventOf } from '../../../service/payments/stripe-shapes.js';
import { DECLINING_PAYMENT_METHOD, stripeAgainstStub } from './stripe-stub.js';
import Stripe from 'stripe';

// Issue 43: the Stripe adapter saves an instalment plan's card (a customer, and the first payment
// made with setup_future_usage=off_session) and charges it later with the parent away.

const WEBHOOK_SECRET = 'whsec_stripe_saved_cards_suite';
const suite = stripeAgainstStub(WEBHOOK_SECRET);
const { stub } = suite;

const charge = (paymentMethodId: string, key: string) => ({
  card: { customerId: 'cus_stub_x', paymentMethodId },
  amountCents: 10_000,
  idempotencyKey: key,
  description: 'Summer Camp: instalment 2 of 3',
  metadata: { enrollmentId: 'e1', kind: 'installment', installment: '2' },
});

describe('Stripe adapter: saved cards (against a local stub of the API)', () => {
  it('given a first instalment, when its PaymentIntent is created, then a customer is made once by its key and the intent saves the card off-session', async () => {
    const input = {
      amountCents: 10_000,
      idempotencyKey: 'enrollment-plan1',
      description: 'Summer Camp x 1',
      metadata: { enrollmentId: 'plan1' },
      saveCard: { customerIdempotencyKey: 'customer-plan1', email: 'ann@example.com' },
    };
    const first = await suite.stripe().createPaymentIntent(input);
    const again = await suite.stripe().createPaymentIntent(input);
    expect(again.id).toBe(first.id);
    const customers = stub.requests.filter((r) => r.path === '/v1/customers');
    expect(customers.map((r) => r.idempotencyKey)).toEqual(['customer-plan1', 'customer-plan1']);
    const sent = stub.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === 'enrollment-plan1',
    );
    expect(sent[0]!.body.get('setup_future_usage')).toBe('off_session');
    expect(sent[0]!.body.get('customer')).toMatch(/^cus_stub_/);
  });

  it('given a paid intent that saved the card, when its event is read, then the customer and payment method are the saved card', () => {
    const payload = JSON.stringify({
      id: 'evt_saved',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_1',
          amount: 10_000,
          status: 'succeeded',
          metadata: { enrollmentId: 'plan1' },
          customer: 'cus_1',
          payment_method: 'pm_1',
          setup_future_usage: 'off_session',
        },
      },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const event = suite.stripe().verifyEvent(payload, header);
    expect(event.intent?.savedCard).toEqual({ customerId: 'cus_1', paymentMethodId: 'pm_1' });
    expect(providerEventOf(JSON.parse(payload) as never).intent?.savedCard).toEqual(event.intent?.savedCard);
  });

  it('given a saved card, when charged with the parent away, then off_session and confirm reach Stripe with the key, and the same key is the same charge', async () => {
    const paid = await suite.stripe().chargeSavedCard(charge('pm_card_visa', 'installment-plan1-2-1'));
    expect(paid).toMatchObject({ status: 'succeeded', amountCents: 10_000 });
    const again = await suite.stripe().chargeSavedCard(charge('pm_card_visa', 'installment-plan1-2-1'));
    expect(again.id).toBe(paid.id);
    const sent = stub.requests.find((r) => r.idempotencyKey === 'installment-plan1-2-1')!;
    expect(
      Object.fromEntries(['off_session', 'confirm', 'customer', 'payment_method'].map((k) => [k, sent.body.get(k)])),
    ).toEqual({
      off_session: 'true',
      confirm: 'true',
      customer: 'cus_stub_x',
      payment_method: 'pm_card_visa',
    });
  });

  it('given a saved card Stripe declines, when charged, then the intent comes back declined with the card’s words, not thrown', async () => {
    const declined = await suite.stripe().chargeSavedCard(charge(DECLINING_PAYMENT_METHOD, 'installment-plan1-3-1'));
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'generic_decline', message: 'Your card was declined.' },
    });
  });

  it('given a saved card, when detached, then Stripe is asked to detach its payment method', async () => {
    expect(await suite.stripe().detachCard({ customerId: 'cus_1', paymentMethodId: 'pm_1' })).toBe(true);
    expect(stub.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_1/detach' });
  });

  it('given Stripe unreachable, when a saved card is charged, then PaymentProviderError (asked again later with the same key)', async () => {
    const down = new StripePayments({
      secretKey: 'sk_test_stub',
      publishableKey: null,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(down.chargeSavedCard(charge('pm_card_visa', 'installment-down-2-1'))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });
});
