import { describe, expect, it } from 'vitest';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { CheckoutEvent } from '../../../contracts/enrollment/checkout.js';
import type { OrderPricing } from '../../../contracts/enrollment/pricing.js';
import {
  checkoutWorkflow,
  type CheckoutInput,
  type CheckoutOutput,
} from '../../../service/enrollment/checkout/checkout-workflow.js';
import { submitted } from '../../support/enrollment-events.js';

/**
 * The checkout workflow read as given/when/then: given the checkout's events (the input among
 * them, as the reactor reads them), when an input is handled, then the commands it emits. Each
 * path ends in one outcome: sold (seats confirmed, allowance back), or unsold with everything
 * it held given back (and the money refunded when it came).
 */
const NOW = new Date('2025-05-01T15:00:00Z');
const AT = NOW.toISOString();
const ID = 'e-1';
const CLIENT = 'client-key-0123456789abcdef';

function given(events: readonly (EnrollmentEvent | CheckoutEvent)[]) {
  const state = events.reduce(checkoutWorkflow.evolve, checkoutWorkflow.initialState);
  return {
    when: (input: CheckoutInput) => ({
      then: (expected: readonly CheckoutOutput[]) =>
        expect(checkoutWorkflow.decide(input, state, NOW)).toEqual(expected),
    }),
  };
}

const pricing: OrderPricing = {
  lines: [
    { kind: 'seats', label: 'Seats', amountCents: 30_000 },
    { kind: 'discount-code', label: 'Code SPRING', amountCents: -3_000 },
    { kind: 'gift-card', label: 'Gift card', amountCents: -5_000 },
  ],
  subtotalCents: 30_000,
  discountCents: 3_000,
  paidByGiftCardCents: 5_000,
  paidByCreditCents: 0,
  dueNowCents: 22_000,
  balanceCents: 0,
  totalCents: 27_000,
  balanceDueAt: null,
  siblingDiscountPercent: 0,
  siblingAlreadyEnrolled: false,
  discountCode: { code: 'SPRING', percentOff: 10 },
  giftCardId: 'gc-1',
  giftCardLast4: '1234',
  householdId: null,
};

const submittedWithParts = (): EnrollmentEvent => {
  const event = submitted(ID);
  if (event.type !== 'EnrollmentSubmitted') throw new Error('not a submission');
  return { type: 'EnrollmentSubmitted', data: { ...event.data, clientKey: CLIENT, pricing, amountCents: 27_000 } };
};
const paid: EnrollmentEvent = {
  type: 'PaymentSucceeded',
  data: {
    enrollmentId: ID,
    paymentIntentId: 'pi_1',
    amountCents: 22_000,
    providerEventId: 'evt_1',
    source: 'webhook',
    succeededAt: '2025-05-01T14:59:00Z',
  },
};
const confirmed = (orderId = `ORD-${ID}`): EnrollmentEvent => ({
  type: 'EnrollmentConfirmed',
  data: {
    enrollmentId: ID,
    orderId,
    orderReference: 'GL-000001',
    paymentMethod: 'Credit Card',
    amountCents: 22_000,
    paymentIntentId: 'pi_1',
    confirmedAt: AT,
  },
});
const expired: EnrollmentEvent = {
  type: 'EnrollmentExpired',
  data: { enrollmentId: ID, holdExpiresAt: AT, expiredAt: AT },
};
const cancelled = (reason: 'replaced-by-new-submission' | 'cancelled-by-visitor'): EnrollmentEvent => ({
  type: 'EnrollmentCancelled',
  data: { enrollmentId: ID, reason, cancelledAt: AT },
});
const lateRefund: EnrollmentEvent = {
  type: 'RefundIssued',
  data: {
    enrollmentId: ID,
    paymentIntentId: 'pi_1',
    refundId: 're_1',
    amountCents: 22_000,
    reason: 'seats-unavailable',
    refundedAt: AT,
  },
};

const takeParts: CheckoutOutput[] = [
  {
    to: 'discount-code',
    code: 'SPRING',
    command: {
      type: 'RedeemDiscountCode',
      enrollmentId: ID,
      discountCents: 3_000,
      workshopId: '6',
      category: 'adult',
      participants: 2,
      at: expect.any(String) as string,
    },
  },
  {
    to: 'gift-card',
    giftCardId: 'gc-1',
    command: { type: 'ReserveGiftCardAmount', enrollmentId: ID, amountCents: 5_000, at: expect.any(String) as string },
  },
];
const giveBack = (reason: string, client: string): CheckoutOutput[] =>
  [
    { to: 'client-holds', clientKey: CLIENT, command: { type: 'FreeClientSeats', enrollmentId: ID, reason, at: AT } },
    { to: 'discount-code', code: 'SPRING', command: { type: 'ReleaseRedemption', enrollmentId: ID, reason, at: AT } },
    {
      to: 'gift-card',
      giftCardId: 'gc-1',
      command: { type: 'ReleaseGiftCardAmount', enrollmentId: ID, reason, at: AT },
    },
  ].map((o) => (o.to === 'client-holds' ? { ...o, command: { ...o.command, reason: client } } : o)) as CheckoutOutput[];
const releaseSeats = (reason: 'expired' | 'cancelled'): CheckoutOutput => ({
  to: 'workshop',
  workshopId: '6',
  command: { type: 'ReleaseSeats', workshopId: '6', enrollmentId: ID, reason },
});

describe('checkout workflow', () => {
  it('given a held order with a code and a gift card, when the money arrives, then its parts, its seats and its sale, in that order', () => {
    given([submittedWithParts(), paid])
      .when(paid)
      .then([
        ...takeParts,
        {
          to: 'workshop',
          workshopId: '6',
          command: {
            type: 'ConfirmSeats',
            workshopId: '6',
            enrollmentId: ID,
            seats: 2,
            at: AT,
            paidAt: '2025-05-01T14:59:00Z',
          },
        },
        {
          to: 'enrollment',
          enrollmentId: ID,
          command: {
            type: 'ConfirmEnrollment',
            orderId: `ORD-${ID}`,
            orderReference: expect.stringMatching(/^GL-\d{6}$/) as string,
            paymentMethod: 'Credit Card',
            at: AT,
          },
        },
      ]);
  });

  it('given it was sold, when the confirmation is handled, then the seats are confirmed and the client allowance given back', () => {
    given([submittedWithParts(), paid, confirmed()])
      .when(confirmed())
      .then([
        {
          to: 'workshop',
          workshopId: '6',
          command: { type: 'ConfirmSeats', workshopId: '6', enrollmentId: ID, seats: 2, at: AT },
        },
        {
          to: 'client-holds',
          clientKey: CLIENT,
          command: { type: 'FreeClientSeats', enrollmentId: ID, reason: 'confirmed', at: AT },
        },
      ]);
  });

  it('given it was sold, when the payment is delivered again, then nothing: one outcome', () => {
    given([submittedWithParts(), paid, confirmed()]).when(paid).then([]);
  });

  it('given a declined card, then nothing: the hold stays for another card until it lapses', () => {
    const declined: EnrollmentEvent = {
      type: 'PaymentFailed',
      data: {
        enrollmentId: ID,
        paymentIntentId: 'pi_1',
        providerEventId: 'evt_2',
        code: 'card_declined',
        reason: 'Your card was declined.',
        failedAt: AT,
      },
    };
    given([submittedWithParts(), declined]).when(declined).then([]);
  });

  it('given the hold lapsed unpaid, then its seats, its allowance, its code use and its gift-card part go back', () => {
    given([submittedWithParts(), expired])
      .when(expired)
      .then([releaseSeats('expired'), ...giveBack('expired', 'released')]);
  });

  it('given the hold lapsed and the money then came, when a later step is refused, then the money goes back; its refund then gives back the rest', () => {
    const events = [submittedWithParts(), expired, paid];
    given(events)
      .when(paid)
      .then(expect.arrayContaining([expect.objectContaining({ to: 'enrollment' })]) as never);
    given(events)
      .when({ type: 'StepRefused', data: { step: 'workshop', workshopBegun: false } })
      .then([{ to: 'refund', paymentIntentId: 'pi_1', reason: 'seats-unavailable' }]);
    given([...events, lateRefund])
      .when(lateRefund)
      .then([releaseSeats('expired'), ...giveBack('refunded', 'released')]);
    // Refunded, it is over: the payment delivered again settles nothing more.
    given([...events, lateRefund])
      .when(paid)
      .then([]);
  });

  it('given the workshop began before the money came, when the seats are refused, then the refund says so', () => {
    given([submittedWithParts(), paid])
      .when({ type: 'StepRefused', data: { step: 'workshop', workshopBegun: true } })
      .then([{ to: 'refund', paymentIntentId: 'pi_1', reason: 'workshop-begun' }]);
  });

  it('given a refusal once it was sold (another delivery), then no refund', () => {
    given([submittedWithParts(), paid, confirmed()])
      .when({ type: 'StepRefused', data: { step: 'workshop', workshopBegun: false } })
      .then([]);
  });

  it('given the same parent replaced the hold, then its allowance and parts go back and its seats stay with the replacement', () => {
    const replaced = cancelled('replaced-by-new-submission');
    given([submittedWithParts(), replaced]).when(replaced).then(giveBack('replaced', 'replaced'));
  });

  it('given a parent cancelled it unpaid, when the money then comes, then no sale: the after-sale refunds it', () => {
    const byParent = cancelled('cancelled-by-visitor');
    given([submittedWithParts(), byParent]).when(byParent).then(giveBack('cancelled', 'released'));
    given([submittedWithParts(), byParent, paid]).when(paid).then([]);
  });

  it('given a sold booking later transferred, when its confirmation is delivered again, then its old seats are not taken again', () => {
    const transferred = {
      type: 'TransferRequested',
      data: { enrollmentId: ID },
    } as unknown as EnrollmentEvent;
    given([submittedWithParts(), paid, confirmed(), transferred]).when(confirmed()).then([]);
  });

  it('given a participant moved out to a booking of their own, then its confirmation is no checkout', () => {
    const split = submitted(ID);
    if (split.type !== 'EnrollmentSubmitted') throw new Error('not a submission');
    const own: EnrollmentEvent = {
      type: 'EnrollmentSubmitted',
      data: {
        ...split.data,
        splitFrom: { enrollmentId: 'e-0', participant: 1, paymentIntentId: 'pi_0', paidCents: 15_000, paidAt: AT },
      },
    };
    given([own, confirmed()]).when(confirmed()).then([]);
  });

  it('given a checkout refused after it held seats and parts, then everything it may hold goes back', () => {
    const refused: CheckoutEvent = {
      type: 'CheckoutRefused',
      data: {
        enrollmentId: ID,
        workshopId: '6',
        holds: { clientKey: CLIENT, discountCode: 'SPRING', giftCardId: 'gc-1' },
        reason: 'pricing',
        refusedAt: AT,
      },
    };
    given([refused])
      .when(refused)
      .then([releaseSeats('cancelled'), ...giveBack('refused', 'refused')]);
  });

  it('given an enrollment was recorded after all, when a refusal of its checkout is handled, then nothing', () => {
    const refused: CheckoutEvent = {
      type: 'CheckoutRefused',
      data: { enrollmentId: ID, workshopId: '6', holds: {}, reason: 'lapsed', refusedAt: AT },
    };
    given([submittedWithParts(), refused]).when(refused).then([]);
  });
});
