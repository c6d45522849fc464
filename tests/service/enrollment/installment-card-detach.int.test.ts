import { afterEach, describe, expect, it, vi } from 'vitest';
import { campInThree, type CampInThree } from './installment-support.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { nextParentEmail } from '../../support/visitors.js';
import type { BalancePaymentResponse } from '../../../contracts/booking/api.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';

// Issue 43 item 2: "a saved card is forgotten (detached) when the plan ends or the family is
// erased". A $300 camp paid in 3 from May 1 ($100 at the checkout, then June 1 and July 1); the
// card is detached at the offline provider by a reactor, once, whatever ends the plan.

let camp: CampInThree;
afterEach(async () => {
  await camp?.t.close();
});

async function booked(email?: string) {
  camp = await campInThree();
  const detach = vi.spyOn(camp.t.offline, 'detachCard');
  const enrollmentId = await camp.book(email);
  return { enrollmentId, detach };
}

const planEvents = async (enrollmentId: string) =>
  (await camp.t.eventStore.readStream(installmentPlanStream(enrollmentId))).filter(
    (e) => e.type === 'InstallmentPlanEnded' || e.type === 'InstallmentCardDetached',
  );

describe('the saved card is detached when the plan ends (issue 43 item 2)', () => {
  it('given a plan in 3, when the last instalment is charged on July 1, then the card is detached once, and not again on a redelivery', async () => {
    const { enrollmentId, detach } = await booked();
    expect(await camp.passAt('2025-06-01T15:00:00Z')).toMatchObject({ paid: 1 });
    expect(detach).not.toHaveBeenCalled();

    expect(await camp.passAt('2025-07-01T15:00:00Z')).toMatchObject({ paid: 1 });
    expect(detach).toHaveBeenCalledTimes(1);
    expect(detach.mock.calls[0]![0].paymentMethodId).toMatch(/^pm_offline_/);
    expect((await planEvents(enrollmentId)).map((e) => [e.type, e.data])).toEqual([
      ['InstallmentPlanEnded', { enrollmentId, reason: 'paid', endedAt: '2025-07-01T15:00:00.000Z' }],
      ['InstallmentCardDetached', { enrollmentId, detachedAt: '2025-07-01T15:00:00.000Z' }],
    ]);

    // Delivered again (a crash before the checkpoint moved): the card is not asked for again.
    await camp.t.replayReactors();
    expect(detach).toHaveBeenCalledTimes(1);
  });

  it('given instalment 2 paid, when the office waives the last, then the plan ends and the card is detached once', async () => {
    const { enrollmentId, detach } = await booked();
    await camp.passAt('2025-06-01T15:00:00Z');
    const r = await camp.t.admin('POST', `/api/admin/enrollments/${enrollmentId}/installments/3/waive`, {});
    expect(r.status, await r.clone().text()).toBe(200);
    await camp.t.settle();
    expect(detach).toHaveBeenCalledTimes(1);
    expect((await planEvents(enrollmentId)).map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'paid' }),
      expect.objectContaining({ enrollmentId }),
    ]);
  });

  it('given a plan, when the office cancels the booking, then the plan ends, the card is detached once, and July 1 charges nothing', async () => {
    const { enrollmentId, detach } = await booked();
    const cancelled = await camp.t.admin('POST', `/api/admin/enrollments/${enrollmentId}/cancel`, {
      refund: 'none',
      reason: 'The family moved away.',
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await camp.t.settle();
    expect(detach).toHaveBeenCalledTimes(1);
    expect((await planEvents(enrollmentId)).map((e) => e.type)).toEqual([
      'InstallmentPlanEnded',
      'InstallmentCardDetached',
    ]);
    expect((await planEvents(enrollmentId))[0]!.data).toMatchObject({ reason: 'cancelled' });
    await camp.t.replayReactors();
    expect(detach).toHaveBeenCalledTimes(1);
    expect(await camp.passAt('2025-07-01T15:00:00Z')).toEqual({ paid: 0, declined: 0, failures: 0 });
  });

  it('given the parent removed the card, when the plan then ends, then the card was detached once, at the removal', async () => {
    const { enrollmentId, detach } = await booked();
    const removed = await camp.t.app.request(`/api/bookings/${camp.token(enrollmentId)}/saved-card`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    await camp.t.settle();
    expect(detach).toHaveBeenCalledTimes(1);
    for (const n of [2, 3])
      expect(
        (await camp.t.admin('POST', `/api/admin/enrollments/${enrollmentId}/installments/${n}/waive`, {})).status,
      ).toBe(200);
    await camp.t.settle();
    expect((await planEvents(enrollmentId)).map((e) => e.type)).toEqual([
      'InstallmentCardDetached',
      'InstallmentPlanEnded',
    ]);
    expect(detach).toHaveBeenCalledTimes(1);
  });
});

describe('the saved card is detached when the family is erased (issue 43 item 2)', () => {
  it('given a plan with two instalments left unpaid, when the school erases the family after the class, then the plan ends and the card is detached once', async () => {
    const email = nextParentEmail();
    const { enrollmentId, detach } = await booked(email);
    // Nothing more was charged or paid: the plan is still open after the class.
    camp.setNow('2025-10-15T15:00:00Z');
    const erased = await camp.t.admin('POST', '/api/admin/privacy/erasures', { email });
    expect(erased.status, await erased.clone().text()).toBe(202);
    await camp.t.settle();
    expect(detach).toHaveBeenCalledTimes(1);
    expect((await planEvents(enrollmentId)).map((e) => [e.type, e.data])).toEqual([
      ['InstallmentPlanEnded', { enrollmentId, reason: 'erased', endedAt: '2025-10-15T15:00:00.000Z' }],
      ['InstallmentCardDetached', { enrollmentId, detachedAt: '2025-10-15T15:00:00.000Z' }],
    ]);
    await camp.t.replayReactors();
    expect(detach).toHaveBeenCalledTimes(1);
  });
});

describe('after the parent removed the card: the receipt and the history (issue 43)', () => {
  it('given the card removed, when the parent pays instalment 2 from the booking page, then its receipt no longer says the rest goes on the card, and the history says the parent paid it', async () => {
    const { enrollmentId } = await booked();
    const token = camp.token(enrollmentId);
    expect((await camp.t.app.request(`/api/bookings/${token}/saved-card`, { method: 'DELETE' })).status).toBe(200);
    await camp.t.settle();
    const form = await camp.t.post(`/api/bookings/${token}/installments/2/payment`, {});
    expect(form.status, await form.clone().text()).toBe(200);
    const { clientSecret, paymentIntentId } = (await form.json()) as BalancePaymentResponse;
    await camp.t.pay(clientSecret);
    await camp.t.settle();

    const receipts = camp.t.mailer.sent.filter((m) => m.messageId.startsWith('<receipt-installment-'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(
      '$200.00 of $300.00 paid; $100.00 left, to pay from your booking page by each instalment’s date.',
    );
    expect(receipts[0]!.text).not.toContain('charged to the saved card');

    const history = (await (
      await camp.t.admin('GET', `/api/admin/enrollments/${enrollmentId}/history`)
    ).json()) as EnrollmentHistory;
    expect(history.events.map((e) => e.summary)).toContain(
      `Instalment 2 of $100.00 paid by the parent with Visa ending 4242 (${paymentIntentId}).`,
    );
  });
});
