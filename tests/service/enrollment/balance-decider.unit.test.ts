import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import {
  balanceDueCents,
  enrollmentDecider,
  type EnrollmentCommand,
} from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { pricingOf } from '../../../contracts/enrollment/pricing.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

const AT = '2025-06-20T12:00:00.000Z';
const given = deciderSpec(enrollmentDecider);

/** The dinner for two ($300) booked with a $100 deposit: $200 left to pay. */
const depositBooking = (): EnrollmentEvent => {
  const e = submitted('e1') as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>;
  const pricing = { ...pricingOf(e.data), dueNowCents: 10_000, balanceCents: 20_000, balanceDueAt: AT };
  return { ...e, data: { ...e.data, pricing } };
};
const sold: EnrollmentEvent[] = [depositBooking(), paid('e1', 10_000), confirmed('e1', 10_000)];

const intent = (amountCents: number, paymentIntentId = 'pi_bal'): EnrollmentCommand => ({
  type: 'RecordBalanceIntent',
  paymentIntentId,
  provider: 'stripe',
  amountCents,
});
const intentCreated: EnrollmentEvent = {
  type: 'BalancePaymentIntentCreated',
  data: { enrollmentId: 'e1', paymentIntentId: 'pi_bal', provider: 'stripe', amountCents: 20_000 },
};
const payment: EnrollmentCommand = {
  type: 'RecordBalancePayment',
  paymentIntentId: 'pi_bal',
  amountCents: 20_000,
  providerEventId: 'evt_bal',
  source: 'webhook',
  at: AT,
};
const balancePaid: EnrollmentEvent = {
  type: 'BalancePaid',
  data: {
    enrollmentId: 'e1',
    paymentIntentId: 'pi_bal',
    amountCents: 20_000,
    providerEventId: 'evt_bal',
    source: 'webhook',
    paidAt: AT,
  },
};
const reminder = (kind: 'week-before' | 'due-date'): EnrollmentCommand => ({
  type: 'RecordBalanceReminder',
  kind,
  balanceCents: 20_000,
  dueAt: AT,
  messageId: `<${kind}@x>`,
  transport: 'outbox',
  at: AT,
});
const reminded = (kind: 'week-before' | 'due-date'): EnrollmentEvent => ({
  type: 'BalanceReminderSent',
  data: {
    enrollmentId: 'e1',
    kind,
    balanceCents: 20_000,
    dueAt: AT,
    messageId: `<${kind}@x>`,
    transport: 'outbox',
    sentAt: AT,
  },
});
const fold = (events: EnrollmentEvent[]) => events.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState);

describe('enrollment decider: the balance of a deposit booking', () => {
  it('given a sold deposit booking, then $200 is owed; once the balance is paid, nothing', () => {
    expect(balanceDueCents(fold(sold))).toBe(20_000);
    expect(balanceDueCents(fold([...sold, intentCreated, balancePaid]))).toBe(0);
  });

  it('given $200 owed, when its PaymentIntent is recorded for $200, then BalancePaymentIntentCreated; the same intent again, then nothing', () => {
    given(sold).when(intent(20_000)).then([intentCreated]);
    given([...sold, intentCreated])
      .when(intent(20_000))
      .then([]);
  });

  it('given $200 owed, when an intent for another amount is recorded, then refused naming what is due (400)', () => {
    given(sold)
      .when(intent(19_999))
      .thenThrows({ code: 'validation', refusal: { code: 'balance_amount', dueCents: 20_000 } });
  });

  it('given the balance paid, or a booking paid in full, or one still held, when a balance intent is asked for, then nothing is due (409)', () => {
    const refusal = { code: 'conflict', refusal: { code: 'no_balance_due' } };
    given([...sold, intentCreated, balancePaid])
      .when(intent(20_000, 'pi_bal2'))
      .thenThrows(refusal);
    given([submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)])
      .when(intent(20_000))
      .thenThrows(refusal);
    given([depositBooking()]).when(intent(20_000)).thenThrows(refusal);
  });

  it('given the balance on its way, when it is reported twice (webhook and verification), then BalancePaid once', () => {
    given([...sold, intentCreated])
      .when(payment)
      .then([balancePaid]);
    given([...sold, intentCreated, balancePaid])
      .when(payment)
      .then([]);
  });

  it('given the booking cancelled while the balance was on its way, when it arrives, then it is recorded and all of it goes back', () => {
    const cancelled: EnrollmentEvent = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: AT, notify: true },
    };
    given([...sold, intentCreated, cancelled])
      .when(payment)
      .then([
        balancePaid,
        {
          type: 'RefundRequested',
          data: {
            enrollmentId: 'e1',
            refundKey: 'e1-1',
            paymentIntentId: 'pi_bal',
            amountCents: 20_000,
            reason: 'cancelled',
            attempt: 1,
            requestedAt: AT,
          },
        },
      ]);
  });

  it('given a booking never sold, when a balance payment is reported, then refused: no balance was ever asked of it', () => {
    given([depositBooking()])
      .when(payment)
      .thenThrows({ code: 'conflict', refusal: { code: 'no_balance_due' } });
  });

  it('given $200 owed, when each reminder is recorded twice, then each once; none once nothing is owed', () => {
    given(sold)
      .when(reminder('week-before'))
      .then([reminded('week-before')]);
    given([...sold, reminded('week-before')])
      .when(reminder('week-before'))
      .then([]);
    given([...sold, reminded('week-before')])
      .when(reminder('due-date'))
      .then([reminded('due-date')]);
    given([...sold, intentCreated, balancePaid])
      .when(reminder('due-date'))
      .then([]);
  });
});
