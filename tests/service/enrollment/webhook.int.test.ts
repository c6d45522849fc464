import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventsOfType, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { enrollAndOpenPayment, intentEvent, shuffled, sign } from './payment-support.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';

let t: EnrollmentTestApp;
beforeEach(async () => {
  t = await makeEnrollmentApp();
});
afterEach(async () => {
  await t.close();
});

const deliver = (payload: string, signature?: string) =>
  t.app.request('/api/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

async function streamTypes(enrollmentId: string) {
  return (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
}

describe('POST /api/webhook', () => {
  it('given a failure, a success and an unrelated event, when each is delivered 3 times in shuffled order, then the payment succeeds once and the enrollment is confirmed once', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { enrollmentId, intent } = await enrollAndOpenPayment(t);
      const about = { id: intent.paymentIntentId, amountCents: intent.amountCents, enrollmentId };
      const events = [
        intentEvent(`evt_fail_${seed}`, 'payment_intent.payment_failed', about, {
          last_payment_error: {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        }),
        intentEvent(`evt_ok_${seed}`, 'payment_intent.succeeded', about),
        intentEvent(`evt_created_${seed}`, 'payment_intent.created', about),
      ];
      const deliveries = shuffled([...events, ...events, ...events], seed);
      // Half the seeds deliver one after another, half all at once (parallel retries).
      const responses =
        seed % 2 === 0
          ? await Promise.all(deliveries.map((p) => deliver(p, sign(p))))
          : await deliveries.reduce<Promise<Response[]>>(
              async (acc, p) => [...(await acc), await deliver(p, sign(p))],
              Promise.resolve([]),
            );
      expect(responses.map((r) => r.status)).toEqual(Array(9).fill(200));

      await t.settle();
      const types = await streamTypes(enrollmentId);
      expect(types.filter((x) => x === 'PaymentSucceeded')).toHaveLength(1);
      expect(types.filter((x) => x === 'EnrollmentConfirmed')).toHaveLength(1);
      // A failure is news only before the success; either way at most once.
      const failedFirst =
        deliveries.findIndex((p) => p.includes('evt_fail_')) < deliveries.findIndex((p) => p.includes('evt_ok_'));
      const failures = types.filter((x) => x === 'PaymentFailed').length;
      if (seed % 2 === 1) expect(failures).toBe(failedFirst ? 1 : 0);
      else expect(failures).toBeLessThanOrEqual(1);
      expect(types.indexOf('EnrollmentConfirmed')).toBeGreaterThan(types.indexOf('PaymentSucceeded'));
    }
    const confirmedSeats = await eventsOfType(t, 'SeatsConfirmed');
    expect(confirmedSeats).toHaveLength(12);
  });

  it('given a signed success, when its body is tampered with after signing, then 400 and nothing is appended', async () => {
    const { enrollmentId, intent } = await enrollAndOpenPayment(t);
    const payload = intentEvent('evt_tamper', 'payment_intent.succeeded', {
      id: intent.paymentIntentId,
      amountCents: intent.amountCents,
      enrollmentId,
    });
    const signature = sign(payload);
    const before = await t.eventStore.headPosition();

    const tampered = payload.replace(`"amount":${intent.amountCents}`, '"amount":1');
    expect(tampered).not.toBe(payload);
    const r = await deliver(tampered, signature);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/^Webhook refused/);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given a success event, when it is unsigned, signed with another secret or signed an hour ago, then each gets 400 and nothing is appended', async () => {
    const { enrollmentId, intent } = await enrollAndOpenPayment(t);
    const payload = intentEvent('evt_bad_sig', 'payment_intent.succeeded', {
      id: intent.paymentIntentId,
      amountCents: intent.amountCents,
      enrollmentId,
    });
    const before = await t.eventStore.headPosition();
    const statuses = [
      (await deliver(payload)).status,
      (await deliver(payload, sign(payload, 'whsec_someone_else'))).status,
      (await deliver(payload, sign(payload, undefined, Math.floor(Date.now() / 1000) - 3600))).status,
    ];
    expect(statuses).toEqual([400, 400, 400]);
    expect(await t.eventStore.headPosition()).toBe(before);
    expect(await streamTypes(enrollmentId)).not.toContain('PaymentSucceeded');
  });
});
