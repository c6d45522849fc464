import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, ADMIN, type PricingTestApp } from './support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { BalancePaymentResponse } from '../../../contracts/booking/api.js';
import type { OfflineConfirmResponse } from '../../../contracts/payments/api.js';

/**
 * Issue 36, item 6: a stale balance intent cannot be paid. A deposit booking of two ($60 of $200
 * paid) asks for its $140 balance; one place is cancelled (the booking now costs $100, $40 owed);
 * the balance is asked again. The first form, still open in an older tab, is cancelled at the
 * provider; and any money that arrives beyond what is owed is on record and goes back at once.
 */

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const tokenOf = (enrollmentId: string) => bookingLinksFor(t.deps.config)!.token(enrollmentId);
const askBalance = (id: string) =>
  json<BalancePaymentResponse>(t.post(`/api/bookings/${tokenOf(id)}/balance-payment`, {}));
const payWithCard = (clientSecret: string) =>
  json<OfflineConfirmResponse>(
    t.post('/api/offline-payments/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    }),
  );
const eventsOf = async (id: string) => (await t.eventStore.readStream(enrollmentStream(id))).map((e) => e);
const refundsOf = async (id: string, reason: string) =>
  (await eventsOf(id))
    .filter((e) => e.type === 'RefundIssued' && (e.data as { reason?: string }).reason !== undefined)
    .map((e) => e.data as { amountCents: number; reason: string })
    .filter((d) => d.reason === reason)
    .map((d) => d.amountCents);

/** A booking of two at $100 with a $30 deposit each, the deposit paid, the balance asked ($140), then one place cancelled. */
async function bookingAskedThenCut() {
  t = await makePricingApp({ clock: () => new Date('2025-05-01T15:00:00Z') });
  await t.scheduleWorkshop({ id: 'camp', price: 100, capacity: 20, depositCents: 3_000 });
  const r = await t.post(
    '/api/enroll/workshop/camp',
    { ...baseForm({ participants: 2, email: nextParentEmail() }), totalPrice: 200 },
    asNewVisitor(),
  );
  const { enrollmentId } = (await r.json()) as EnrollmentResponse;
  const deposit = await json<{ clientSecret: string }>(
    t.post('/api/create-payment-intent', { enrollmentId, amount: 60 }),
  );
  await t.pay(deposit.clientSecret);
  const first = await askBalance(enrollmentId);
  expect(first.amountCents).toBe(14_000);
  const cut = await t.app.request(`/api/admin/enrollments/${enrollmentId}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ADMIN },
    body: JSON.stringify({ participant: 1, refund: 'none' }),
  });
  expect(cut.status, await cut.clone().text()).toBe(200);
  await t.settle();
  return { enrollmentId, first };
}

describe('a stale balance intent', () => {
  it('given the balance asked again after a place was cancelled, when the older tab pays the first form, then the card is not charged: that form was cancelled', async () => {
    const { enrollmentId, first } = await bookingAskedThenCut();
    const second = await askBalance(enrollmentId);
    expect(second.amountCents).toBe(4_000);
    await t.pay(second.clientSecret);

    const stale = await payWithCard(first.clientSecret);
    expect(stale.error?.code).toBe('payment_intent_unexpected_state');
    expect(stale.paymentIntent).toBeUndefined();
    await t.offline.idle();
    await t.settle();
    const paid = (await eventsOf(enrollmentId)).filter((e) => e.type === 'BalancePaid' || e.type === 'BalanceOverpaid');
    expect(paid.map((e) => (e.data as { amountCents: number }).amountCents)).toEqual([4_000]);
  });

  it('given the first form paid after the place was cancelled (the balance not asked again), then it is recorded and what is beyond the $40 owed goes back at once', async () => {
    const { enrollmentId, first } = await bookingAskedThenCut();
    await t.pay(first.clientSecret);
    expect(await refundsOf(enrollmentId, 'overpaid')).toEqual([10_000]);
    const paid = (await eventsOf(enrollmentId)).filter((e) => e.type === 'BalancePaid');
    expect(paid.map((e) => (e.data as { amountCents: number }).amountCents)).toEqual([14_000]);
  });

  it('given the first form paid while the second was being asked (its news not yet in), when both are paid, then the second money is on record and refunded whole', async () => {
    const { enrollmentId, first } = await bookingAskedThenCut();
    // The first form is paid, its news held back (a webhook not yet arrived).
    t.offline.attachDelivery(async () => undefined);
    expect((await payWithCard(first.clientSecret)).paymentIntent?.status).toBe('succeeded');
    const second = await askBalance(enrollmentId);
    expect(second.amountCents).toBe(4_000);
    await payWithCard(second.clientSecret);
    // Both payments reported, in either order, by the payment page's verification.
    for (const s of [second, first])
      await t.post('/api/payments/verify', { paymentIntentId: s.paymentIntentId, clientSecret: s.clientSecret });
    await t.settle();
    const money = (await eventsOf(enrollmentId))
      .filter((e) => e.type === 'BalancePaid' || e.type === 'BalanceOverpaid')
      .map((e) => [e.type, (e.data as { amountCents: number }).amountCents]);
    expect(money).toEqual([
      ['BalancePaid', 4_000],
      ['BalanceOverpaid', 14_000],
    ]);
    expect(await refundsOf(enrollmentId, 'overpaid')).toEqual([14_000]);
  });
});
