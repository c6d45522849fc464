import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from './support.js';
import { asNewVisitor } from '../../support/visitors.js';
import { discountCodeStream } from '../../../contracts/pricing/discount-codes.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { paymentKinds } from '../../../service/payment-kinds.js';

/**
 * Issue 36, item 4: a one-use code stays one use. Parent A enrolls with a code of one use; then,
 * at the same moment, A's payment is confirmed and the same parent sends the form again with A's
 * hold token (enrollment B, same code). Whatever the order the two land in, one enrollment at most
 * is completed with the discount, and the code counts one use: a replaced enrollment's use is handed
 * to its replacement only when the replaced one was really withdrawn (never once it was paid),
 * and money that came for a withdrawn enrollment whose use went to its replacement goes back.
 * Fifty trials.
 */

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const TRIALS = 50;

async function liveUses(code: string): Promise<string[]> {
  const live = new Map<string, number>();
  for (const e of await t.eventStore.readStream(discountCodeStream(code))) {
    const { enrollmentId: id, replaces } = e.data as { enrollmentId: string; replaces?: string };
    // A redemption that takes over the replaced order's use ends that one.
    if (e.type === 'DiscountCodeRedeemed' && replaces) live.set(replaces, (live.get(replaces) ?? 0) - 1);
    if (e.type === 'DiscountCodeRedeemed') live.set(id, (live.get(id) ?? 0) + 1);
    if (e.type === 'DiscountRedemptionReleased') live.set(id, (live.get(id) ?? 0) - 1);
  }
  return [...live].filter(([, n]) => n > 0).map(([id]) => id);
}

/** Sold (or on its way to be) with the discount: confirmed and never refunded, or still held unpaid. */
async function keepsDiscount(enrollmentId: string): Promise<boolean> {
  const types = (await t.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
  if (types.includes('RefundIssued') || types.includes('EnrollmentCancelled') || types.includes('EnrollmentExpired'))
    return false;
  return types.includes('EnrollmentSubmitted');
}

describe('a one-use code under a race', () => {
  it(`given a one-use code held by an unpaid enrollment, when its payment and its replacement with the same code arrive at once (${TRIALS} trials), then never two enrollments keep the discount and the code counts one use`, async () => {
    t = await makePricingApp();
    // Room for every trial's bookings: each leaves one held or sold.
    await t.scheduleWorkshop({ id: 'race', capacity: 500, price: 130 });
    const outcomes = { replacementKept: 0, paidKept: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const code = `ONCE${trial}`;
      await t.createCode({ code, percentOff: 10, maxRedemptions: 1 });
      const visitor = asNewVisitor();
      const form = { ...baseForm({ email: `race-${trial}@example.com` }), totalPrice: 117, discountCode: code };
      const first = await t.post('/api/enroll/workshop/race', form, visitor);
      expect(first.status, await first.clone().text()).toBe(201);
      const a = (await first.json()) as EnrollmentResponse;
      const intent = (await (
        await t.post('/api/create-payment-intent', { enrollmentId: a.enrollmentId, amount: 117 })
      ).json()) as { clientSecret: string };
      // One sets off up to a few milliseconds after the other, the payment first in even trials and
      // the replacement in odd ones, so both orders of arrival happen (and, at 0 ms, a true race).
      const after = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const lag = trial % 5;
      const [, b] = await Promise.all([
        after(trial % 2 === 0 ? 0 : lag).then(() =>
          t.post('/api/offline-payments/confirm', {
            clientSecret: intent.clientSecret,
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/34',
            cvc: '123',
          }),
        ),
        after(trial % 2 === 0 ? lag : 0).then(() =>
          t.post('/api/enroll/workshop/race', { ...form, holdToken: a.holdToken }, visitor),
        ),
      ]);
      await t.offline.idle();
      await t.settle();
      const bId = b.status === 201 ? ((await b.json()) as EnrollmentResponse).enrollmentId : null;
      const kept = [await keepsDiscount(a.enrollmentId), bId ? await keepsDiscount(bId) : false];
      expect({ trial, both: kept[0] && kept[1] }).toEqual({ trial, both: false });
      const uses = await liveUses(code);
      expect({ trial, uses: uses.length }).toEqual({ trial, uses: kept.filter(Boolean).length });
      if (kept[0]) outcomes.paidKept++;
      if (kept[1]) outcomes.replacementKept++;
    }
    // One of the two kept the use in every trial (nobody lost it to the race), each way round.
    expect(outcomes.paidKept + outcomes.replacementKept).toBe(TRIALS);
    expect(outcomes.paidKept).toBeGreaterThan(0);
    expect(outcomes.replacementKept).toBeGreaterThan(0);
    console.info(
      `[one-use code race] ${TRIALS} trials: the paid enrollment kept the use ${outcomes.paidKept} times, its replacement ${outcomes.replacementKept}`,
    );
  });

  it('given a one-use code held by an enrollment whose payment has been recorded (not yet settled), when its replacement with the same code arrives, then the replacement is refused on the code and the paid one keeps it', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'race', capacity: 500, price: 130 });
    await t.createCode({ code: 'ONCE', percentOff: 10, maxRedemptions: 1 });
    const visitor = asNewVisitor();
    const form = { ...baseForm({ email: 'paid-first@example.com' }), totalPrice: 117, discountCode: 'ONCE' };
    const a = (await (await t.post('/api/enroll/workshop/race', form, visitor)).json()) as EnrollmentResponse;
    // The money recorded the way the webhook records it, before anything settles it.
    const intent = {
      id: 'pi_race',
      clientSecret: 'pi_race_secret',
      status: 'succeeded' as const,
      amountCents: 11_700,
      metadata: { enrollmentId: a.enrollmentId, kind: 'enrollment' },
      lastError: null,
    };
    await paymentKinds.record(t.deps, paymentKinds.payable(intent)!, intent, 'evt_race', 'webhook', {
      correlationId: 'race',
      causationId: 'race',
      actor: 'provider',
      at: new Date().toISOString(),
    });
    const b = await t.post('/api/enroll/workshop/race', { ...form, holdToken: a.holdToken }, visitor);
    expect(b.status).toBe(400);
    expect(((await b.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('discountCode');
    await t.settle();
    const types = (await t.eventStore.readStream(enrollmentStream(a.enrollmentId))).map((e) => e.type);
    expect(types).toContain('EnrollmentConfirmed');
    expect(types).not.toContain('RefundIssued');
    expect(await liveUses('ONCE')).toEqual([a.enrollmentId]);
  });
});
