import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import {
  balanceDueCents,
  enrollmentDecider,
  refundableCents,
  type EnrollmentCommand,
} from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { pricingOf } from '../../../contracts/enrollment/pricing.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

// Issue 43: an instalment charged on the plan's stream is recorded on the booking, once.

const AT = '2025-06-01T15:00:00.000Z';
const given = deciderSpec(enrollmentDecider);

/** A $300 camp paid in 3: $100 at the checkout, $200 left on the plan. */
const inThree = (): EnrollmentEvent => {
  const e = submitted('e1') as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>;
  const pricing = {
    ...pricingOf(e.data),
    dueNowCents: 10_000,
    balanceCents: 20_000,
    installmentCents: [10_000, 10_000, 10_000],
  };
  return { ...e, data: { ...e.data, amountCents: 30_000, pricing } };
};
const sold: EnrollmentEvent[] = [inThree(), paid('e1', 10_000), confirmed('e1', 10_000)];

const record = (n: number, paymentIntentId = `pi_inst_${n}`): EnrollmentCommand => ({
  type: 'RecordInstallmentPayment',
  n,
  paymentIntentId,
  amountCents: 10_000,
  at: AT,
});
const recorded = (n: number): EnrollmentEvent => ({
  type: 'InstallmentPaymentRecorded',
  data: { enrollmentId: 'e1', n, paymentIntentId: `pi_inst_${n}`, amountCents: 10_000, paidAt: AT },
});
const cancelled: EnrollmentEvent = {
  type: 'EnrollmentCancelled',
  data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: AT, notify: true },
};
const fold = (events: EnrollmentEvent[]) => events.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState);

describe('enrollment decider: an instalment paid on the plan (issue 43)', () => {
  it('given a booking in 3 with the first paid, when instalment 2 is recorded, then InstallmentPaymentRecorded; recorded again, then nothing', () => {
    given(sold)
      .when(record(2))
      .then([recorded(2)]);
    given([...sold, recorded(2)])
      .when(record(2))
      .then([]);
  });

  it('given instalments recorded, then what is owed falls by each and each is refundable', () => {
    expect(balanceDueCents(fold(sold))).toBe(20_000);
    expect(balanceDueCents(fold([...sold, recorded(2)]))).toBe(10_000);
    expect(balanceDueCents(fold([...sold, recorded(2), recorded(3)]))).toBe(0);
    expect(refundableCents(fold([...sold, recorded(2), recorded(3)]))).toBe(30_000);
  });

  it('given two instalments paid, when the office cancels with a refund of $150, then it comes back from the last instalment first, then the first payment', () => {
    given([...sold, recorded(2)])
      .when({
        type: 'CancelBooking',
        by: 'admin',
        refund: { kind: 'amount', cents: 15_000 },
        note: null,
        notify: true,
        at: AT,
      })
      .then([
        cancelled,
        {
          type: 'RefundRequested',
          data: {
            enrollmentId: 'e1',
            refundKey: 'e1-1',
            paymentIntentId: 'pi_inst_2',
            amountCents: 10_000,
            reason: 'cancelled',
            attempt: 1,
            requestedAt: AT,
          },
        },
        {
          type: 'RefundRequested',
          data: {
            enrollmentId: 'e1',
            refundKey: 'e1-2',
            paymentIntentId: 'pi_e1',
            amountCents: 5_000,
            reason: 'cancelled',
            attempt: 1,
            requestedAt: AT,
          },
        },
      ]);
  });

  it('given the booking cancelled while an instalment was being charged, when it arrives, then it is recorded and all of it goes back', () => {
    given([...sold, cancelled])
      .when(record(2))
      .then([
        recorded(2),
        {
          type: 'RefundRequested',
          data: {
            enrollmentId: 'e1',
            refundKey: 'e1-1',
            paymentIntentId: 'pi_inst_2',
            amountCents: 10_000,
            reason: 'cancelled',
            attempt: 1,
            requestedAt: AT,
          },
        },
      ]);
  });
});
