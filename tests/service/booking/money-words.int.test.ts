import { afterEach, describe, expect, it } from 'vitest';
import { baseForm } from '../enrollment/support.js';
import { makePricingApp, type PricingTestApp } from '../pricing/support.js';
import { nextParentEmail, nextVisitorAddress } from '../../support/visitors.js';
import { enrollInWorkshop } from '../../../service/enrollment/sale/enroll-workshop.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { AdminEnrollmentDetail } from '../../../contracts/admin/enrollments.js';

/**
 * Issue 37, item 5: every amount and destination a parent or the office reads about a cancellation
 * comes from the refunds as they were recorded, split by where the money went (the card, the
 * family credit, the gift card), never recomputed from the booking's price.
 */

let t: PricingTestApp;
afterEach(async () => {
  await t?.close();
});

const HOUSEHOLD = 'household-money';
const metadata = (): EventMetadata => ({
  correlationId: 'c',
  causationId: 'c',
  actor: 'visitor',
  at: new Date().toISOString(),
});

/** A booking of the household for `participants` in `workshopId`, paid by the test card. */
async function paidFamilyBooking(workshopId: string, participants: number, total: number, extra = {}) {
  const enrolled = await enrollInWorkshop(
    t.deps,
    workshopId,
    { ...baseForm({ email: nextParentEmail(), participants }), totalPrice: total, ...extra },
    metadata(),
    nextVisitorAddress(),
    undefined,
    undefined,
    HOUSEHOLD,
  );
  const intent = (await (
    await t.post('/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: total })
  ).json()) as { clientSecret: string };
  await t.pay(intent.clientSecret);
  return enrolled.enrollmentId;
}

const cancel = async (id: string, body: Record<string, unknown>) => {
  const r = await t.admin('POST', `/api/admin/enrollments/${id}/cancel`, body);
  expect(r.status, await r.clone().text()).toBe(200);
  await t.settle();
};
const bookingOf = async (id: string) => {
  const r = await t.get(`/api/bookings/${bookingLinksFor(t.deps.config)!.token(id)}`);
  expect(r.status).toBe(200);
  return (await r.json()) as BookingView;
};
const recordOf = async (id: string) => {
  const r = await t.admin('GET', `/api/admin/enrollments/${id}`);
  expect(r.status).toBe(200);
  return (await r.json()) as AdminEnrollmentDetail;
};
const mailsOf = (id: string) => t.mailer.sent.filter((m) => m.subject.includes(id));

describe('money words that match the money', () => {
  it('given two children at $250 with a 10% sibling discount ($475), one place cancelled to the card, then the rest to the family credit, then the e-mails, the booking page and the record say $225 to the card and $250 to the credit', async () => {
    t = await makePricingApp();
    await t.setSiblingDiscount(10);
    await t.scheduleWorkshop({ id: 'camp', price: 250, capacity: 20 });
    const id = await paidFamilyBooking('camp', 2, 475);

    await cancel(id, { participant: 1, refund: 'full' });
    // The record reads what those still coming pay now, priced as the decider priced them.
    const afterPlace = await recordOf(id);
    expect(afterPlace).toMatchObject({ amount: 250, participants: 1 });
    expect(afterPlace.pricing).toMatchObject({ totalCents: 25_000, subtotalCents: 25_000 });
    expect(afterPlace.pricing?.lines).toEqual([expect.objectContaining({ kind: 'seats', amountCents: 25_000 })]);

    await cancel(id, { refund: 'full', refundTo: 'credit' });
    const [placeMail, wholeMail] = mailsOf(id).filter((m) => m.subject.includes('cancelled'));
    expect(placeMail?.text).toContain(
      'We are refunding $225.00 (of the $475.00 you paid) to the card used for payment.',
    );
    expect(wholeMail?.text).toContain('$250.00');
    expect(wholeMail?.text).toContain('family credit');
    expect(wholeMail?.text).not.toContain('$475.00 to the card');
    expect(wholeMail?.text).not.toMatch(/refunding \$\d+\.\d\d[^.]* to the card/);
    expect(wholeMail?.html).toContain('family credit');

    const page = await bookingOf(id);
    expect(page.refunds).toEqual([
      expect.objectContaining({ amountCents: 22_500, to: 'card', status: 'issued' }),
      expect.objectContaining({ amountCents: 25_000, to: 'credit', status: 'issued' }),
    ]);
    const record = await recordOf(id);
    expect(record.refunds).toEqual([
      expect.objectContaining({ amount: 225, to: 'card' }),
      expect.objectContaining({ amount: 250, to: 'credit' }),
    ]);
  });

  it('given a family booking of two, when the office cancels one child to the family credit, then that refund goes to the credit and the e-mail says so', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'tea', price: 150, capacity: 20 });
    const id = await paidFamilyBooking('tea', 2, 300);

    await cancel(id, { participant: 0, refund: 'full', refundTo: 'credit' });

    expect((await recordOf(id)).refunds).toEqual([
      expect.objectContaining({ amount: 150, to: 'credit', status: 'issued' }),
    ]);
    const [mail] = mailsOf(id).filter((m) => m.subject.includes('cancelled'));
    expect(mail?.text).toContain('We are refunding $150.00 (of the $300.00 you paid) to your family credit.');
    expect((await bookingOf(id)).refunds).toEqual([expect.objectContaining({ amountCents: 15_000, to: 'credit' })]);
  });

  it('given two at $130 with a 10% code ($234), then the office and the parent are offered $117 for one place, as the decider refunds it', async () => {
    t = await makePricingApp();
    await t.scheduleWorkshop({ id: 'dinner', price: 130, capacity: 20 });
    await t.createCode({ code: 'TENOFF', percentOff: 10 });
    const id = await paidFamilyBooking('dinner', 2, 234, { discountCode: 'TENOFF' });

    expect((await recordOf(id)).cancelOne).toEqual({ refundMax: 117, remaining: 117 });
    const page = await bookingOf(id);
    expect(page.cancelOne).toMatchObject({ remainingCents: 11_700, terms: { refundCents: 11_700 } });
  });
});
