import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from './support.js';
import { nextParentEmail, nextVisitorAddress } from '../../support/visitors.js';
import { enrollInWorkshop } from '../../../service/enrollment/sale/enroll-workshop.js';
import { familyCreditDecider } from '../../../service/pricing/credit-decider.js';
import { balanceOf } from '../../../service/pricing/balance-ledger.js';
import { householdCreditStream } from '../../../contracts/pricing/credit.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import type { Order } from '../../../contracts/enrollment/api.js';

// These tests give `enrollInWorkshop` the household a signed-in session gives it on the enroll
// route (household-pricing.int.test.ts goes through the route with a real session).

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const HOUSEHOLD = 'household-1';
const metadata = (): EventMetadata => ({
  correlationId: 'c',
  causationId: 'c',
  actor: 'visitor',
  at: new Date().toISOString(),
});
const credit = async (householdId = HOUSEHOLD) =>
  balanceOf(await t.deps.commands.state(familyCreditDecider, householdCreditStream(householdId)));
const enrollAs = (householdId: string | undefined, totalPrice: number, extra: Record<string, unknown> = {}) =>
  enrollInWorkshop(
    t.deps,
    '9',
    { ...baseForm({ email: nextParentEmail() }), totalPrice, ...extra },
    metadata(),
    nextVisitorAddress(),
    undefined,
    undefined,
    householdId,
  );

/** A $130 booking of the household, paid by card and confirmed. */
async function paidBooking() {
  const enrolled = await enrollAs(HOUSEHOLD, 130);
  const intent = (await (
    await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 130 })
  ).json()) as { clientSecret: string };
  await t.pay(intent.clientSecret);
  return enrolled.enrollmentId;
}

describe('family credit', () => {
  it('given a paid booking of a household, when the office cancels it to the family credit, then $130 is the credit, not a card refund', async () => {
    t = await makePricingApp();
    const id = await paidBooking();
    const r = await t.admin('POST', `/api/admin/enrollments/${id}/cancel`, { refund: 'full', refundTo: 'credit' });
    expect(r.status).toBe(200);
    await t.settle();
    expect(await credit()).toBe(13_000);
    const requested = (await t.eventStore.readStream(enrollmentStream(id))).filter((e) => e.type === 'RefundRequested');
    expect(requested.map((e) => e.data)).toEqual([
      expect.objectContaining({ amountCents: 13_000, source: 'card', to: 'credit', householdId: HOUSEHOLD }),
    ]);
    await t.replayReactors();
    expect(await credit()).toBe(13_000);
    // The order says how much went to the credit: the family page's list shows it.
    await t.settle();
    const order = await t.readStore.get<Order>('orders', id);
    expect(order?.doc).toMatchObject({ refundedCents: 13_000, refundedToCreditCents: 13_000 });
  });

  it('given a booking without a household, when cancelled to credit, then 400 names refundTo and nothing is cancelled', async () => {
    t = await makePricingApp();
    const enrolled = await enrollAs(undefined, 130);
    const r = await t.admin('POST', `/api/admin/enrollments/${enrolled.enrollmentId}/cancel`, {
      refund: 'none',
      refundTo: 'credit',
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['refundTo']);
    const r2 = await t.admin('POST', `/api/admin/enrollments/${enrolled.enrollmentId}/cancel`, {
      refund: 'none',
      refundTo: 'bank',
    });
    expect(r2.status).toBe(400);
  });

  it('given a paid booking of a household for two, when one participant’s place is cancelled to credit, then that place’s share is the family credit (issue 37)', async () => {
    t = await makePricingApp();
    const enrolled = await enrollAs(HOUSEHOLD, 260, { participants: 2 });
    const intent = (await (
      await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 260 })
    ).json()) as { clientSecret: string };
    await t.pay(intent.clientSecret);
    const r = await t.admin('POST', `/api/admin/enrollments/${enrolled.enrollmentId}/cancel`, {
      participant: 1,
      refund: 'full',
      refundTo: 'credit',
    });
    expect(r.status, await r.clone().text()).toBe(200);
    await t.settle();
    expect(await credit()).toBe(13_000);
    const requested = (await t.eventStore.readStream(enrollmentStream(enrolled.enrollmentId))).filter(
      (e) => e.type === 'RefundRequested',
    );
    expect(requested.map((e) => e.data)).toEqual([
      expect.objectContaining({ amountCents: 13_000, source: 'card', to: 'credit', householdId: HOUSEHOLD }),
    ]);
  });

  it('given $130 of credit, when the household enrolls again, then the credit pays first, unless turned off for that checkout', async () => {
    t = await makePricingApp();
    const id = await paidBooking();
    await t.admin('POST', `/api/admin/enrollments/${id}/cancel`, { refund: 'full', refundTo: 'credit' });
    await t.settle();
    const without = await enrollAs(HOUSEHOLD, 130, { useCredit: false });
    expect(without.pricing).toMatchObject({ paidByCreditCents: 0, dueNowCents: 13_000 });
    const paid = await enrollAs(HOUSEHOLD, 130);
    expect(paid.pricing.lines.at(-1)).toEqual({ kind: 'credit', label: 'Family credit', amountCents: -13_000 });
    expect(paid).toMatchObject({ orderId: `ORD-${paid.enrollmentId}`, pricing: { dueNowCents: 0 } });
    expect(await credit()).toBe(0);
  });

  it('given $130 of credit, when two orders of the household try to use it at once, then one gets it and the credit never goes below zero', async () => {
    t = await makePricingApp();
    const id = await paidBooking();
    await t.admin('POST', `/api/admin/enrollments/${id}/cancel`, { refund: 'full', refundTo: 'credit' });
    await t.settle();
    const outcomes = await Promise.allSettled([
      enrollAs(HOUSEHOLD, 130),
      enrollAs(HOUSEHOLD, 130),
      enrollAs(HOUSEHOLD, 130),
    ]);
    const used = outcomes.filter((o) => o.status === 'fulfilled' && o.value.pricing.paidByCreditCents > 0);
    expect(used).toHaveLength(1);
    expect(await credit()).toBe(0);
  });

  it('given an order paid all by credit, when the parent cancels in time, then it goes back to the credit', async () => {
    t = await makePricingApp();
    const id = await paidBooking();
    await t.admin('POST', `/api/admin/enrollments/${id}/cancel`, { refund: 'full', refundTo: 'credit' });
    await t.settle();
    const second = await enrollAs(HOUSEHOLD, 130);
    await t.settle();
    const r = await t.admin('POST', `/api/admin/enrollments/${second.enrollmentId}/cancel`, { refund: 'full' });
    expect(r.status).toBe(200);
    await t.settle();
    expect(await credit()).toBe(13_000);
  });
});
