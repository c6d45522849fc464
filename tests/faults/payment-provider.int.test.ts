import { afterEach, describe, expect, it } from 'vitest';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse, VerifyPaymentResponse } from '../../contracts/payments/api.js';
import { FaultyPayments } from '../support/faults.js';
import { WEBHOOK_SECRET, allEvents, makeFaultApp, paidEnrollment, seatInvariants, type FaultApp } from './support.js';

/**
 * Given a payment provider that times out or answers twice, then nobody is charged twice: one
 * PaymentIntent per enrollment (idempotency key), a retried create-payment-intent returns the same
 * client secret, and duplicate success deliveries record the payment and confirm the enrollment once.
 */

let t: FaultApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(options: { reactors?: boolean } = {}) {
  const offline = new OfflinePayments({ webhookSecret: WEBHOOK_SECRET });
  const payments = new FaultyPayments(offline);
  t = await makeFaultApp({ payments, ...options });
  const app = t;
  const enroll = async (participants = 1) => {
    const r = await app.post('/api/enroll/workshop/4', paidEnrollment(participants));
    expect(r.status).toBe(201);
    return (await r.json()) as EnrollmentResponse;
  };
  const createIntent = (e: EnrollmentResponse, participants = 1) =>
    app.post('/api/create-payment-intent', {
      enrollmentId: e.enrollmentId,
      amount: 75 * participants,
      workshopId: '4',
      participants,
    });
  const eventsOf = async (type: string, enrollmentId: string) =>
    (await allEvents(app.eventStore)).filter(
      (e) => e.type === type && (e.data as { enrollmentId?: string }).enrollmentId === enrollmentId,
    );
  return { app, offline, payments, enroll, createIntent, eventsOf };
}

const card = (clientSecret: string, cardNumber: string) => ({ clientSecret, cardNumber, expiry: '12/39', cvc: '123' });

describe('payment provider faults', () => {
  it('given the provider creates the PaymentIntent but its answer is lost (timeout), when create-payment-intent is retried, then the first call answers 502 {error}, every retry answers the same client secret, and there is one PaymentIntent for the enrollment', async () => {
    const { app, payments, enroll, createIntent, eventsOf } = await setup();
    const enrollment = await enroll();
    payments.timeOutCreates(1, 'after');

    const first = await createIntent(enrollment);
    expect(first.status).toBe(502);
    const firstBody = (await first.json()) as { error?: string; code?: string };
    expect(firstBody.code).toBe('payment_provider');
    expect(firstBody.error).toMatch(/did not answer/);

    const retries: CreatePaymentIntentResponse[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await createIntent(enrollment);
      expect(r.status).toBe(200);
      retries.push((await r.json()) as CreatePaymentIntentResponse);
    }
    expect(new Set(retries.map((r) => r.clientSecret)).size).toBe(1);
    expect(new Set(retries.map((r) => r.paymentIntentId)).size).toBe(1);
    expect([...payments.intentsByKey.get(`enrollment-${enrollment.enrollmentId}`)!]).toEqual([
      retries[0]!.paymentIntentId,
    ]);
    expect(await eventsOf('PaymentIntentCreated', enrollment.enrollmentId)).toHaveLength(1);
    expect(app.mailer.sent).toHaveLength(0);
    console.info(
      `[payment-provider/timeout-after] create calls ${1 + retries.length}, reached the provider ${payments.createCalls}, intents 1, faults injected ${payments.injected}`,
    );
  });

  it('given the provider times out before the PaymentIntent is created, when create-payment-intent is retried, then 502 and then one PaymentIntent', async () => {
    const { payments, enroll, createIntent, eventsOf } = await setup();
    const enrollment = await enroll(2);
    payments.timeOutCreates(2, 'before');
    expect((await createIntent(enrollment, 2)).status).toBe(502);
    expect((await createIntent(enrollment, 2)).status).toBe(502);
    const ok = await createIntent(enrollment, 2);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as CreatePaymentIntentResponse).amountCents).toBe(15_000);
    expect(payments.intentsByKey.get(`enrollment-${enrollment.enrollmentId}`)?.size).toBe(1);
    expect(await eventsOf('PaymentIntentCreated', enrollment.enrollmentId)).toHaveLength(1);
  });

  it('given a visitor who clicks Pay five times at once, when the create-payment-intent calls race, then all answer the same client secret and one PaymentIntent is created and recorded', async () => {
    const { payments, enroll, createIntent, eventsOf } = await setup();
    const enrollment = await enroll();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createIntent(enrollment)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as CreatePaymentIntentResponse[];
    expect(new Set(bodies.map((b) => b.clientSecret)).size).toBe(1);
    expect(payments.intentsByKey.get(`enrollment-${enrollment.enrollmentId}`)?.size).toBe(1);
    expect(await eventsOf('PaymentIntentCreated', enrollment.enrollmentId)).toHaveLength(1);
  });

  it('given the provider delivers every event twice at once, and the webhook is redelivered late and the success page verifies, when a card is declined and then succeeds, then the failure and the payment are recorded once, the enrollment and its seats are confirmed once, and one e-mail leaves', async () => {
    const { app, offline, payments, enroll, createIntent, eventsOf } = await setup({ reactors: true });
    const enrollment = await enroll(2);
    const intent = (await (await createIntent(enrollment, 2)).json()) as CreatePaymentIntentResponse;
    payments.deliverTwice();

    // A declined card: payment_intent.payment_failed, delivered twice.
    expect(offline.confirmWithTestCard(card(intent.clientSecret, '4000 0000 0000 0002'))?.error?.code).toBe(
      'card_declined',
    );
    await offline.idle();
    // The good card: payment_intent.succeeded, delivered twice; the visitor double-clicks Pay too.
    expect(offline.confirmWithTestCard(card(intent.clientSecret, '4242 4242 4242 4242'))?.paymentIntent?.status).toBe(
      'succeeded',
    );
    expect(offline.confirmWithTestCard(card(intent.clientSecret, '4242 4242 4242 4242'))?.paymentIntent?.status).toBe(
      'succeeded',
    );
    await offline.idle();

    // Stripe redelivers what it thinks timed out, late, to POST /api/webhook, twice at once.
    const late = payments.deliveries.filter((d) => d.rawBody.includes('payment_intent.succeeded')).slice(0, 1);
    expect(late).toHaveLength(1);
    const redelivered = await Promise.all(
      [0, 1].map(() =>
        app.app.request('/api/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': late[0]!.signature },
          body: late[0]!.rawBody,
        }),
      ),
    );
    expect(redelivered.map((r) => r.status)).toEqual([200, 200]);
    // The payment-success page asks the server, which asks the provider: also a success report.
    const verified = await Promise.all(
      [0, 1].map(
        async () =>
          (await (
            await app.post('/api/payments/verify', {
              paymentIntentId: intent.paymentIntentId,
              clientSecret: intent.clientSecret,
            })
          ).json()) as VerifyPaymentResponse,
      ),
    );
    expect(verified.map((v) => v.status)).toEqual(['succeeded', 'succeeded']);

    const id = enrollment.enrollmentId;
    expect(await eventsOf('PaymentFailed', id)).toHaveLength(1);
    expect(await eventsOf('PaymentSucceeded', id)).toHaveLength(1);
    expect(await eventsOf('EnrollmentConfirmed', id)).toHaveLength(1);
    expect(await eventsOf('SeatsConfirmed', id)).toHaveLength(1);
    expect(await eventsOf('RefundIssued', id)).toHaveLength(0);
    expect(payments.intentsByKey.get(`enrollment-${id}`)?.size).toBe(1);
    const inv = seatInvariants(await allEvents(app.eventStore), '4');
    expect(inv.state.confirmed[id]).toBe(2);
    expect(inv.orphanHolds).toEqual([]);

    // Paying again is refused; no new PaymentIntent.
    const again = await createIntent(enrollment, 2);
    expect(again.status).toBe(409);
    expect(payments.intentsByKey.get(`enrollment-${id}`)?.size).toBe(1);

    // The order shows one payment; the confirmation e-mail leaves once, however often its event is delivered.
    await app.settle();
    const order = (await (await app.get(`/api/orders/${verified[0]!.orderId}`)).json()) as {
      amountCents: number;
      status: string;
    };
    expect(order).toMatchObject({ amountCents: 15_000, status: 'completed' });
    expect(app.mailer.sent).toHaveLength(1);
    await app.replayReactors();
    expect(app.mailer.sent).toHaveLength(1);
    expect(await eventsOf('ConfirmationEmailSent', id)).toHaveLength(1);
    expect(app.mailer.sent[0]!.text).toContain(verified[0]!.orderReference!);

    console.info(
      `[payment-provider/duplicates] provider deliveries ${payments.deliveries.length} (duplicated ${payments.injected}), late redeliveries 2, verifications 2; ` +
        `PaymentFailed 1, PaymentSucceeded 1, EnrollmentConfirmed 1, SeatsConfirmed 1, PaymentIntents 1`,
    );
  });
});
