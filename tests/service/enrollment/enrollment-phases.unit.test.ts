import { describe, expect, it } from 'vitest';
import { enrollmentDecider } from '../../../service/enrollment/decider/enrollment-decider.js';
import {
  cancellationOf,
  orderOf,
  paymentOf,
  replacedByOf,
} from '../../../service/enrollment/decider/enrollment-state.js';
import { EMPTY_FORM, submissionOf } from '../../../service/enrollment/sale/submission.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';

const AT = '2025-05-01T15:00:00.000Z';
const submitted: EnrollmentEvent = {
  type: 'EnrollmentSubmitted',
  data: submissionOf({
    enrollmentId: 'e1',
    workshopId: '4',
    programId: null,
    form: { ...EMPTY_FORM, firstName: 'Ann', lastName: 'Lee', participants: 2 },
    item: {
      kind: 'workshop',
      id: '4',
      title: 'Princess Tea Party',
      date: '2025-06-07T12:30:00-05:00',
      time: '12:30 PM - 2:00 PM',
      location: 'Plano',
      instructor: 'M',
      duration: '1.5 hours',
      category: 'tea-party',
      attire: 'Dressy',
      unitPriceCents: 7500,
    },
    holdExpiresAt: '2025-05-01T15:30:00.000Z',
    test: false,
    at: new Date(AT),
  }),
};
const paid: EnrollmentEvent = {
  type: 'PaymentSucceeded',
  data: {
    enrollmentId: 'e1',
    paymentIntentId: 'pi_1',
    amountCents: 15000,
    providerEventId: 'evt_1',
    source: 'webhook',
    succeededAt: AT,
  },
};
const confirmed: EnrollmentEvent = {
  type: 'EnrollmentConfirmed',
  data: {
    enrollmentId: 'e1',
    orderId: 'ORD-e1',
    orderReference: 'GL-000123',
    paymentMethod: 'Credit Card',
    amountCents: 15000,
    paymentIntentId: 'pi_1',
    confirmedAt: AT,
  },
};
const cancelled = (reason: 'cancelled-by-admin' | 'replaced-by-new-submission'): EnrollmentEvent => ({
  type: 'EnrollmentCancelled',
  data: {
    enrollmentId: 'e1',
    reason,
    cancelledAt: AT,
    ...(reason === 'replaced-by-new-submission' ? { replacedBy: 'e2' } : { notify: true }),
  },
});
const fold = (events: EnrollmentEvent[]) => events.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState);

describe('the enrollment as phases', () => {
  it('given a submission, then it is held: no money, no order, no cancellation, no sale ledgers', () => {
    const s = fold([submitted]);
    expect(s.status).toBe('pending');
    expect([paymentOf(s), orderOf(s), cancellationOf(s), replacedByOf(s)]).toEqual([null, null, null, null]);
    expect(Object.keys(s).sort()).toEqual(
      [
        'attendance',
        'bookedItem',
        'collected',
        'item',
        'moves',
        'paymentIntentId',
        'providerEvents',
        'status',
        'submission',
        'workshopId',
      ].sort(),
    );
  });

  it('given the sale, then its ledgers begin at the price submitted; a cancellation keeps them and drops the roster marks', () => {
    const sold = fold([submitted, paid, confirmed]);
    expect(sold).toMatchObject({ status: 'confirmed', priceCents: 15000, refunds: {}, transfer: null, attendance: {} });
    const over = fold([submitted, paid, confirmed, cancelled('cancelled-by-admin')]);
    expect(over).toMatchObject({ status: 'cancelled', priceCents: 15000, refunds: {} });
    expect('attendance' in over).toBe(false);
  });

  it('given nothing submitted, then the stream has only its phase', () => {
    expect(fold([])).toEqual({ status: 'none', submission: null });
  });

  it('given the money and the confirmation, then it is confirmed with its payment and its order', () => {
    const s = fold([submitted, paid, confirmed]);
    expect(s).toMatchObject({ status: 'confirmed', paid: { intentId: 'pi_1', at: AT, cents: 15000 } });
    expect(orderOf(s)).toMatchObject({ orderId: 'ORD-e1', orderReference: 'GL-000123' });
  });

  it('given a newer submission replaced it unpaid, then it is withdrawn naming the newer one, without an order', () => {
    const s = fold([submitted, cancelled('replaced-by-new-submission')]);
    expect(s.status).toBe('cancelled');
    expect([replacedByOf(s), cancellationOf(s), orderOf(s)]).toEqual(['e2', null, null]);
  });

  it('given the school cancelled it after the sale, then the cancellation, the order and the money stay; late money does not revive it', () => {
    const s = fold([submitted, paid, confirmed, cancelled('cancelled-by-admin')]);
    expect(s).toMatchObject({ status: 'cancelled', paid: { cents: 15000 } });
    expect(cancellationOf(s)).toMatchObject({ by: 'admin', notify: true, at: AT });
    expect(orderOf(s)?.orderId).toBe('ORD-e1');
    expect(replacedByOf(s)).toBeNull();
  });

  it('given an expired hold paid late, then the money moves it to paid, and it has no order until confirmed', () => {
    const expired: EnrollmentEvent = {
      type: 'EnrollmentExpired',
      data: { enrollmentId: 'e1', holdExpiresAt: '2025-05-01T15:30:00.000Z', expiredAt: AT },
    };
    expect(fold([submitted, expired]).status).toBe('expired');
    const s = fold([submitted, expired, paid]);
    expect(s).toMatchObject({ status: 'paid', paid: { intentId: 'pi_1' } });
    expect(orderOf(s)).toBeNull();
  });
});
