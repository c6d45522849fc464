import Stripe from 'stripe';
import { baseForm, WEBHOOK_SECRET, type EnrollmentTestApp } from './support.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';

/** Enrolls one adult in workshop 9 ($130) and opens its PaymentIntent. */
export async function enrollAndOpenPayment(t: EnrollmentTestApp, participants = 1) {
  const enrolled = (await (
    await t.post('/api/enroll/workshop/9', { ...baseForm({ participants }), totalPrice: 130 * participants })
  ).json()) as EnrollmentResponse;
  const r = await t.post('/api/create-payment-intent', {
    enrollmentId: enrolled.enrollmentId,
    amount: 130 * participants,
    workshopId: '9',
    participants,
  });
  if (r.status !== 200) throw new Error(`create-payment-intent answered ${r.status}: ${await r.text()}`);
  const intent = (await r.json()) as CreatePaymentIntentResponse;
  return { enrollmentId: enrolled.enrollmentId, holdToken: enrolled.holdToken, intent };
}

/** A Stripe-shaped event body about a PaymentIntent of an enrollment. */
export function intentEvent(
  id: string,
  type: string,
  intent: { id: string; amountCents: number; enrollmentId: string },
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        currency: 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: { enrollmentId: intent.enrollmentId },
        ...extra,
      },
    },
  });
}

export const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

/** A deterministic shuffle (mulberry32), so a failing order can be replayed. */
export function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
