import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { enrollAndOpenPayment } from './payment-support.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { OfflineConfirmResponse, VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import type { EnrollmentResponse, OrderView } from '../../../contracts/enrollment/api.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';

let t: EnrollmentTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const pay = (clientSecret: string, cardNumber: string) =>
  json<OfflineConfirmResponse>(
    t.post('/api/offline-payments/confirm', { clientSecret, cardNumber, expiry: '12/34', cvc: '123' }),
  );
const verify = (paymentIntentId: string, clientSecret: string) =>
  t.post('/api/payments/verify', { paymentIntentId, clientSecret });
const types = async (enrollmentId: string) =>
  (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);

describe('checkout and payment', () => {
  it('given an enrollment, when the checkout asks for a PaymentIntent twice, then it gets the same one and it is recorded once', async () => {
    t = await makeEnrollmentApp();
    const { enrollmentId, intent } = await enrollAndOpenPayment(t, 2);
    const again = await json<{ paymentIntentId: string; clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId, amount: 260 }),
    );
    expect(again).toMatchObject({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(intent.amountCents).toBe(26000);
    expect((await types(enrollmentId)).filter((x) => x === 'PaymentIntentCreated')).toHaveLength(1);
  });

  it('given an enrollment of $130, when the page asks to pay $1, then 400 names the real total and nothing is appended', async () => {
    t = await makeEnrollmentApp();
    const enrolled = await json<EnrollmentResponse>(
      t.post('/api/enroll/workshop/9', { ...baseForm(), totalPrice: 130 }),
    );
    const before = await t.eventStore.headPosition();
    const r = await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 1 });
    expect(r.status).toBe(400);
    expect((await json<{ error: string }>(r)).error).toMatch(/total \(\$130\.00\)/);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given the declined card 4000…0002, when paid, then the reason is shown and recorded, and 4242… then succeeds with an ORD- order', async () => {
    t = await makeEnrollmentApp();
    const { enrollmentId, intent } = await enrollAndOpenPayment(t, 2);
    const declined = await pay(intent.clientSecret, '4000 0000 0000 0002');
    expect(declined.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    await t.offline.idle();
    const failed = await json<VerifyPaymentResponse>(verify(intent.paymentIntentId, intent.clientSecret));
    expect(failed).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    expect(await types(enrollmentId)).toContain('PaymentFailed');

    const paid = await pay(intent.clientSecret, '4242 4242 4242 4242');
    expect(paid.paymentIntent).toMatchObject({ status: 'succeeded', amount: 26000 });
    await t.offline.idle();
    const ok = await json<VerifyPaymentResponse>(verify(intent.paymentIntentId, intent.clientSecret));
    expect(ok).toMatchObject({ status: 'succeeded', orderId: `ORD-${enrollmentId}`, workshopId: '9', attendees: 2 });
    const order = await json<OrderView>(t.get(`/api/orders/${ok.orderId}?minPosition=${ok.position}`));
    expect(order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'Credit Card',
      amountCents: 26000,
      taxCents: 0,
    });
  });

  it('given insufficient funds (4000…9995), when paid, then the decline says so', async () => {
    t = await makeEnrollmentApp();
    const { intent } = await enrollAndOpenPayment(t);
    const declined = await pay(intent.clientSecret, '4000000000009995');
    expect(declined.error).toMatchObject({
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('given a webhook that never arrives, when the payment-success page verifies, then the server asks the provider and confirms the order', async () => {
    t = await makeEnrollmentApp();
    t.offline.attachDelivery(async () => undefined);
    const { enrollmentId, intent } = await enrollAndOpenPayment(t);
    await pay(intent.clientSecret, '4242424242424242');
    await t.offline.idle();
    expect(await types(enrollmentId)).not.toContain('PaymentSucceeded');
    const ok = await json<VerifyPaymentResponse>(verify(intent.paymentIntentId, intent.clientSecret));
    expect(ok).toMatchObject({ status: 'succeeded', orderId: `ORD-${enrollmentId}` });
    const succeeded = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).find(
      (e) => e.type === 'PaymentSucceeded',
    );
    expect(succeeded?.data).toMatchObject({ source: 'verification', providerEventId: null });
  });

  it('given a wrong client secret, when verifying, then 404 and nothing is recorded', async () => {
    t = await makeEnrollmentApp();
    const { intent } = await enrollAndOpenPayment(t);
    const before = await t.eventStore.headPosition();
    expect((await verify(intent.paymentIntentId, `${intent.paymentIntentId}_secret_guess`)).status).toBe(404);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given a hold that lapsed while seats stayed free, when the payment then succeeds, then the seats are taken again and the order confirmed', async () => {
    let now = new Date('2025-05-01T15:00:00Z');
    t = await makeEnrollmentApp({ clock: () => now });
    const { enrollmentId, intent } = await enrollAndOpenPayment(t);
    now = new Date(now.getTime() + 31 * 60_000);
    await t.settle();
    expect((await t.timer.tick()).expired).toBe(1);
    expect(await types(enrollmentId)).toContain('EnrollmentExpired');

    await pay(intent.clientSecret, '4242424242424242');
    await t.offline.idle();
    await t.settle();
    expect((await types(enrollmentId)).slice(-2)).toEqual(['PaymentSucceeded', 'EnrollmentConfirmed']);
    const workshop = (await t.eventStore.readStream(workshopStream('9'))).map((e) => e.type);
    expect(workshop.slice(-3)).toEqual(['SeatsReleased', 'SeatsReserved', 'SeatsConfirmed']);
  });

  it('given a hold that lapsed and seats sold to others, when the payment then succeeds, then it is refunded, recorded and the visitor told', async () => {
    let now = new Date('2025-05-01T15:00:00Z');
    t = await makeEnrollmentApp({ clock: () => now });
    const { enrollmentId, intent } = await enrollAndOpenPayment(t, 2);
    now = new Date(now.getTime() + 31 * 60_000);
    await t.settle();
    await t.timer.tick();
    // Workshop 9 seats 16: other parents take all of them.
    for (let i = 0; i < 3; i++)
      expect(
        (
          await t.post('/api/enroll/workshop/9', {
            ...baseForm({ participants: 5, email: `other-${i}@example.com` }),
            totalPrice: 650,
          })
        ).status,
      ).toBe(201);
    expect(
      (
        await t.post('/api/enroll/workshop/9', {
          ...baseForm({ participants: 1, email: 'other-3@example.com' }),
          totalPrice: 130,
        })
      ).status,
    ).toBe(201);

    await pay(intent.clientSecret, '4242424242424242');
    await t.offline.idle();
    await t.settle();
    expect((await types(enrollmentId)).slice(-2)).toEqual(['PaymentSucceeded', 'RefundIssued']);
    const told = await json<VerifyPaymentResponse>(verify(intent.paymentIntentId, intent.clientSecret));
    expect(told.status).toBe('refunded');
    expect(told.message).toMatch(/refunded \$260\.00/);
  });
});

describe('confirmation e-mail', () => {
  it('given a confirmed paid enrollment, when the reactor has handled it, then exactly one e-mail left, with the receipt and an .ics; delivered again, nothing more leaves', async () => {
    t = await makeEnrollmentApp({ reactors: true });
    const { enrollmentId, intent } = await enrollAndOpenPayment(t, 2);
    await pay(intent.clientSecret, '4242424242424242');
    await t.offline.idle();
    await t.settle();
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('eleanor@example.com');
    expect(mail.messageId).toBe(`<ORD-${enrollmentId}@greatlakesetiquette.com>`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `GreatLakesEtiquette-Receipt-ORD-${enrollmentId}.txt`,
      `GreatLakesEtiquette-Receipt-ORD-${enrollmentId}.pdf`,
      `GreatLakesEtiquette-ORD-${enrollmentId}.ics`,
    ]);
    expect(mail.attachments[0]!.content).toMatch(/Total:\s+\$260\.00/);
    expect(mail.attachments[2]!.content).toMatch(/DTSTART:20250927T230000Z\r\nDTEND:20250928T010000Z/);
    expect((await types(enrollmentId)).filter((x) => x === 'ConfirmationEmailSent')).toHaveLength(1);

    await t.replayReactors();
    expect(t.mailer.sent).toHaveLength(1);
    expect((await types(enrollmentId)).filter((x) => x === 'ConfirmationEmailSent')).toHaveLength(1);
  });
});

describe('test pages', () => {
  it('given test mode, when the enrollment test page pays without an enrollment and simulates the notification, then a TEST- order is confirmed', async () => {
    t = await makeEnrollmentApp();
    const created = await json<{ enrollmentId: string; paymentIntentId: string }>(
      t.post('/api/create-payment-intent', {
        amount: 100,
        customerEmail: 'tester@example.com',
        programName: 'Test Enrollment',
        firstName: 'Tess',
        lastName: 'Ter',
      }),
    );
    const sim = await t.post('/api/test/simulate-payment', { paymentIntentId: created.paymentIntentId });
    expect(sim.status).toBe(200);
    const order = await json<{ orderId: string; status: string }>(
      t.get(`/api/enrollments/${created.enrollmentId}?minPosition=${(await json<{ position: string }>(sim)).position}`),
    );
    expect(order).toMatchObject({ orderId: `TEST-${created.enrollmentId}`, status: 'completed' });
  });

  it('given an unpaid intent of the offline provider, when its success is simulated, then the provider first really pays it and only then is the signed event recorded', async () => {
    t = await makeEnrollmentApp();
    const { enrollmentId, intent } = await enrollAndOpenPayment(t);
    expect((await t.offline.retrievePaymentIntent(intent.paymentIntentId))?.status).toBe('requires_payment_method');

    const sim = await t.post('/api/test/simulate-payment', { paymentIntentId: intent.paymentIntentId });

    expect(sim.status).toBe(200);
    expect((await t.offline.retrievePaymentIntent(intent.paymentIntentId))?.status).toBe('succeeded');
    expect((await types(enrollmentId)).slice(-2)).toEqual(['PaymentSucceeded', 'EnrollmentConfirmed']);
    // The payment-success page, which asks the provider, agrees.
    expect(await json<VerifyPaymentResponse>(verify(intent.paymentIntentId, intent.clientSecret))).toMatchObject({
      status: 'succeeded',
      orderId: `ORD-${enrollmentId}`,
    });
  });

  it('given an intent the provider does not hold, when its success is simulated, then 404 and nothing is recorded', async () => {
    t = await makeEnrollmentApp();
    const before = await t.eventStore.headPosition();
    const sim = await t.post('/api/test/simulate-payment', { paymentIntentId: 'pi_offline_nosuchintent' });
    expect(sim.status).toBe(404);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given Stripe without TEST_PAGES, when the test calls are made, then each is 404 and the checkout calls still answer', async () => {
    t = await makeEnrollmentApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' } });
    const gets = ['/api/test-stripe-connection'];
    const posts = ['/api/create-test-charge', '/api/enroll/program/7', '/api/test/simulate-payment'];
    for (const p of gets) expect((await t.get(p)).status, p).toBe(404);
    for (const p of posts) expect((await t.post(p, {})).status, p).toBe(404);
    expect((await t.get('/api/stripe-config')).status).toBe(200);
    // The checkout's own lookup answers in every mode (a checkout link opened in a new tab needs it).
    const enrolled = await t.post('/api/enroll/workshop/10', { ...baseForm(), totalPrice: 0 });
    const { enrollmentId, position } = (await enrolled.json()) as { enrollmentId: string; position: string };
    const lookup = await t.get(`/api/enrollments/${enrollmentId}?minPosition=${position}`);
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { id: string }).id).toBe(enrollmentId);
    expect((await t.get('/api/enrollments/abc')).status).toBe(404);
    const noEnrollment = await t.post('/api/create-payment-intent', { amount: 100 });
    expect(noEnrollment.status).toBe(400);
  });
});
