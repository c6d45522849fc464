import type { EnrollmentEvent, EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { EnrollmentCommand } from './commands.js';
import {
  pricingOfState,
  refundRequest,
  requireEnrollment,
  type EnrollmentState,
  type EnrollmentStatus,
} from './enrollment-state.js';
import { refuse } from './refusals.js';
import { cancellationOf, replacedByOf } from './enrollment-state.js';

type Command<T extends EnrollmentCommand['type']> = Extract<EnrollmentCommand, { type: T }>;

/** Phases in which the money has been taken: nothing about the payment may change any more. */
const settled = (s: EnrollmentStatus) => s === 'paid' || s === 'confirmed' || s === 'refunded';

/**
 * Whether the enrollment can still be paid for; throws the refusal the visitor reads. The checkout
 * asks before it calls the provider, and the decision recording the PaymentIntent asks again on
 * the revision it appends to.
 */
export function assertPayable(state: EnrollmentState): EnrollmentSubmitted {
  const submission = requireEnrollment(state);
  if (nothingDueNow(state)) throw refuse({ code: 'free_enrollment' });
  if (state.status === 'paid' || state.status === 'confirmed') throw refuse({ code: 'already_paid' });
  if (state.status === 'expired') throw refuse({ code: 'hold_expired' });
  if (replacedByOf(state)) throw refuse({ code: 'replaced_by_newer' });
  if (state.status !== 'pending') throw refuse({ code: 'not_payable', status: state.status });
  return submission;
}

export function recordPaymentIntent(
  command: Command<'RecordPaymentIntent'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  requireEnrollment(state);
  if (state.paymentIntentId === command.paymentIntentId) return [];
  const submission = assertPayable(state);
  const { paymentIntentId, provider, amountCents } = command;
  return [
    {
      type: 'PaymentIntentCreated',
      data: { enrollmentId: submission.enrollmentId, paymentIntentId, provider, amountCents, currency: 'usd' },
    },
  ];
}

export function recordPaymentSuccess(
  command: Command<'RecordPaymentSuccess'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  // Duplicate, late and out-of-order deliveries land here: once paid, nothing changes.
  if (settled(state.status) || state.paid !== null) return [];
  // Expired or cancelled enrollments still record the money: it was taken and must be
  // honoured (seats permitting) or refunded.
  const { paymentIntentId, amountCents, providerEventId, source, at } = command;
  const succeeded: EnrollmentEvent = {
    type: 'PaymentSucceeded',
    data: {
      enrollmentId: submission.enrollmentId,
      paymentIntentId,
      amountCents,
      providerEventId,
      source,
      succeededAt: at,
    },
  };
  // Cancelled after the sale while a payment was on its way: the money goes back, all of it.
  if (cancellationOf(state) && amountCents > 0)
    return [succeeded, refundRequest(state, paymentIntentId, amountCents, 'cancelled', at)];
  return [succeeded];
}

export function recordPaymentFailure(
  command: Command<'RecordPaymentFailure'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  // A failure reported after the success (out of order) or twice is not news.
  if (settled(state.status)) return [];
  if (command.providerEventId && state.providerEvents.includes(command.providerEventId)) return [];
  const { paymentIntentId, providerEventId, code, reason, at } = command;
  return [
    {
      type: 'PaymentFailed',
      data: { enrollmentId: submission.enrollmentId, paymentIntentId, providerEventId, code, reason, failedAt: at },
    },
  ];
}

/** Nothing for the card now: the order is free, or its gift card and credit pay all that is due now. */
export const nothingDueNow = (state: EnrollmentState) =>
  state.submission !== null && (state.submission.isFree || pricingOfState(state)?.dueNowCents === 0);

export function confirmEnrollment(command: Command<'ConfirmEnrollment'>, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.status === 'confirmed') return [];
  const payable = state.status === 'paid' || (state.status === 'pending' && nothingDueNow(state));
  if (!payable) throw refuse({ code: 'not_confirmable', status: state.status });
  const { orderId, orderReference, paymentMethod, at } = command;
  return [
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId: submission.enrollmentId,
        orderId,
        orderReference,
        paymentMethod,
        amountCents: submission.isFree ? 0 : (state.paid?.cents ?? 0),
        paymentIntentId: submission.isFree ? null : (state.paid?.intentId ?? null),
        confirmedAt: at,
        ...balancesPaid(state),
      },
    },
  ];
}

/** What the gift card and the credit paid, as the confirmation records it (nothing when neither did). */
function balancesPaid(state: EnrollmentState) {
  const pricing = pricingOfState(state);
  if (!pricing || (pricing.paidByGiftCardCents === 0 && pricing.paidByCreditCents === 0)) return {};
  return { paidByGiftCardCents: pricing.paidByGiftCardCents, paidByCreditCents: pricing.paidByCreditCents };
}

/** The late-payment refund: paid, never confirmed (the seats were gone or the workshop had begun). */
export function recordRefund(command: Command<'RecordRefund'>, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.status === 'refunded') return [];
  if (state.status !== 'paid') throw refuse({ code: 'not_refundable_here', status: state.status });
  const { paymentIntentId, refundId, amountCents, reason, at } = command;
  return [
    {
      type: 'RefundIssued',
      data: { enrollmentId: submission.enrollmentId, paymentIntentId, refundId, amountCents, reason, refundedAt: at },
    },
  ];
}
