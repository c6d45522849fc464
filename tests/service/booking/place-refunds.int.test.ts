import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, ADMIN, type PricingTestApp } from '../pricing/support.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { BalancePaymentResponse } from '../../../contracts/booking/api.js';

/**
 * Issue 36, item 5: cancelling (or moving) one place of a booking of several refunds from where the
 * money came, as a whole cancellation does (the card's balance and deposit payments, the family
 * credit, the gift card), and the place's share is priced with the booking's own discounts.
 */

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const tokenOf = (enrollmentId: string) => bookingLinksFor(t.deps.config)!.token(enrollmentId);
const eventsOf = async (enrollmentId: string) => t.eventStore.readStream(enrollmentStream(enrollmentId));
const cents = (events: { type: string; data: unknown }[], type: string) =>
  events.filter((e) => e.type === type).reduce((n, e) => n + (e.data as { amountCents: number }).amountCents, 0);
const cancelPlace = (enrollmentId: string, body: Record<string, unknown>) =>
  t.app.request(`/api/admin/enrollments/${enrollmentId}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ADMIN },
    body: JSON.stringify({ participant: 1, refund: 'full', ...body }),
  });

async function enroll(workshopId: string, totalPrice: number, extra: Record<string, unknown> = {}) {
  const r = await t.post(
    `/api/enroll/workshop/${workshopId}`,
    { ...baseForm({ participants: 2, email: nextParentEmail() }), totalPrice, ...extra },
    asNewVisitor(),
  );
  expect(r.status, await r.clone().text()).toBe(201);
  return (await r.json()) as EnrollmentResponse;
}

describe('one place refunded from where the money came', () => {
  it('given a booking of two paid as a $60 deposit and a $140 balance, when one place is cancelled with its full share, then $100 goes back, taken from the balance, and refunds never pass what was paid', async () => {
    const now = new Date('2025-05-01T15:00:00Z');
    t = await makePricingApp({ clock: () => now });
    await t.scheduleWorkshop({ id: 'camp', price: 100, capacity: 20, depositCents: 3_000 });
    const { enrollmentId } = await enroll('camp', 200);
    const intent = await json<{ clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId, amount: 60 }),
    );
    await t.pay(intent.clientSecret);
    const balance = await json<BalancePaymentResponse>(
      t.post(`/api/bookings/${tokenOf(enrollmentId)}/balance-payment`, {}),
    );
    expect(balance.amountCents).toBe(14_000);
    await t.pay(balance.clientSecret);

    const r = await cancelPlace(enrollmentId, {});
    expect(r.status, await r.clone().text()).toBe(200);
    await t.settle();
    const events = await eventsOf(enrollmentId);
    expect(cents(events, 'RefundIssued')).toBe(10_000);
    expect(events.filter((e) => e.type === 'RefundFailed')).toEqual([]);
    expect(cents(events, 'RefundRequested')).toBeLessThanOrEqual(20_000);
  });

  it('given a booking of two paid whole by a gift card, when one place is cancelled, then its share goes back onto the card (not a 500)', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'dinner', price: 100, capacity: 20 });
    const card = await t.buyGiftCard(50_000);
    const { enrollmentId } = await enroll('dinner', 200, { giftCardCode: card.code });
    await t.settle();

    const r = await cancelPlace(enrollmentId, {});
    expect(r.status, await r.clone().text()).toBe(200);
    await t.settle();
    expect(cents(await eventsOf(enrollmentId), 'RefundIssued')).toBe(10_000);
    const returned = (await t.eventStore.readStream(giftCardStream(card.giftCardId))).filter(
      (e) => e.type === 'GiftCardAmountReturned',
    );
    expect(returned.map((e) => (e.data as { amountCents: number }).amountCents)).toEqual([10_000]);
  });

  it('given a booking of two paid whole by a gift card, when one participant moves to a cheaper class, then the difference goes back onto the card (not a 500)', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'dinner', price: 100, capacity: 20 });
    await t.scheduleWorkshop({ id: 'tea', price: 60, capacity: 20 });
    const card = await t.buyGiftCard(50_000);
    const { enrollmentId } = await enroll('dinner', 200, { giftCardCode: card.code });
    await t.settle();

    const r = await t.app.request(`/api/admin/enrollments/${enrollmentId}/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ADMIN },
      body: JSON.stringify({ workshopId: 'tea', participant: 1 }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    await t.settle();
    expect(cents(await eventsOf(enrollmentId), 'RefundIssued')).toBe(4_000);
  });

  it('given a booking of two at $130 with a 10% code ($234), when one place is cancelled, then its share is $117: the one still coming keeps the code', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'dinner', price: 130, capacity: 20 });
    await t.createCode({ code: 'TENOFF', percentOff: 10 });
    const { enrollmentId } = await enroll('dinner', 234, { discountCode: 'TENOFF' });
    const intent = await json<{ clientSecret: string }>(
      t.post('/api/create-payment-intent', { enrollmentId, amount: 234 }),
    );
    await t.pay(intent.clientSecret);

    const r = await cancelPlace(enrollmentId, {});
    expect(r.status, await r.clone().text()).toBe(200);
    await t.settle();
    expect(cents(await eventsOf(enrollmentId), 'RefundIssued')).toBe(11_700);
  });
});
