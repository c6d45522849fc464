import type { EnrollmentEvent, EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import {
  cancellationOf,
  isSettled,
  paymentOf,
  pricingOfState,
  replacedByOf,
  requireSubmitted,
  type EnrollmentState,
  type SubmittedEnrollment,
} from './enrollment-state.js';
import { refundRequest } from './refundable.js';
import { refuse } from './refusals.js';

function expireEnrollment(command: Command<'ExpireEnrollment'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (state.status !== 'pending') return [];
  const { enrollmentId, holdExpiresAt } = state.submission;
  // A free enrollment has no hold deadline of its own; one left pending (its confirmation was
  // cut off before the visitor got an answer) expires with its seat hold.
  return [
    {
      type: 'EnrollmentExpired',
      data: { enrollmentId, holdExpiresAt: holdExpiresAt ?? command.at, expiredAt: command.at },
    },
  ];
}

function cancelUnpaidEnrollment(command: Command<'CancelEnrollment'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (state.status === 'cancelled') return [];
  if (state.status !== 'pending' && state.status !== 'expired')
    throw refuse({ code: 'not_cancellable_here', status: state.status });
  const replacedBy = command.replacedBy ? { replacedBy: command.replacedBy } : {};
  const { enrollmentId } = state.submission;
  return [
    {
      type: 'EnrollmentCancelled',
      data: { enrollmentId, reason: command.reason, cancelledAt: command.at, ...replacedBy },
    },
  ];
}

/** Nothing for the card now: the order is free, or its gift card and credit pay all that is due now. */
export const nothingDueNow = (state: EnrollmentState) =>
  state.submission !== null && (state.submission.isFree || pricingOfState(state)?.dueNowCents === 0);

/**
 * Whether the enrollment can still be paid for; throws the refusal the visitor reads. The checkout
 * asks before it calls the provider, and the decision recording the PaymentIntent asks again on
 * the revision it appends to.
 */
export function assertPayable(state: EnrollmentState): EnrollmentSubmitted {
  const s = requireSubmitted(state);
  if (nothingDueNow(s)) throw refuse({ code: 'free_enrollment' });
  switch (s.status) {
    case 'pending':
      return s.submission;
    case 'paid':
    case 'confirmed':
      throw refuse({ code: 'already_paid' });
    case 'expired':
      throw refuse({ code: 'hold_expired' });
    default:
      if (replacedByOf(s)) throw refuse({ code: 'replaced_by_newer' });
      throw refuse({ code: 'not_payable', status: s.status });
  }
}

function recordPaymentIntent(command: Command<'RecordPaymentIntent'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (state.paymentIntentId === command.paymentIntentId) return [];
  const { enrollmentId } = assertPayable(state);
  const { paymentIntentId, provider, amountCents } = command;
  return [
    {
      type: 'PaymentIntentCreated',
      data: { enrollmentId, paymentIntentId, provider, amountCents, currency: 'usd' },
    },
  ];
}

function recordPaymentSuccess(command: Command<'RecordPaymentSuccess'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  // Duplicate, late and out-of-order deliveries land here: once paid, nothing changes.
  if (isSettled(state) || paymentOf(state) !== null) return [];
  // Expired or cancelled enrollments still record the money: it was taken and must be
  // honoured (seats permitting) or refunded.
  const { paymentIntentId, amountCents, providerEventId, source, at, savedCard, card } = command;
  const { enrollmentId } = state.submission;
  const succeeded: EnrollmentEvent = {
    type: 'PaymentSucceeded',
    data: {
      enrollmentId,
      paymentIntentId,
      amountCents,
      providerEventId,
      source,
      succeededAt: at,
      ...(savedCard ? { savedCard } : {}),
      ...(card ? { card } : {}),
    },
  };
  // Cancelled after the sale while a payment was on its way: the money goes back, all of it.
  if (cancellationOf(state) && amountCents > 0)
    return [succeeded, refundRequest(state, paymentIntentId, amountCents, 'cancelled', at)];
  return [succeeded];
}

function recordPaymentFailure(command: Command<'RecordPaymentFailure'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  // A failure reported after the success (out of order) or twice is not news.
  if (isSettled(state)) return [];
  if (command.providerEventId && state.providerEvents.includes(command.providerEventId)) return [];
  const { paymentIntentId, providerEventId, code, reason, at } = command;
  const { enrollmentId } = state.submission;
  return [
    {
      type: 'PaymentFailed',
      data: { enrollmentId, paymentIntentId, providerEventId, code, reason, failedAt: at },
    },
  ];
}

/**
 * Before the money: held (pending), expired or withdrawn. The hold lapses or is cancelled unpaid;
 * a PaymentIntent is recorded while it can still be paid; the provider's success or failure is
 * recorded in any phase until the money is settled (a late payment revives an expired hold).
 */
export const heldDecisions = {
  ExpireEnrollment: onSubmitted(expireEnrollment),
  CancelEnrollment: onSubmitted(cancelUnpaidEnrollment),
  RecordPaymentIntent: onSubmitted(recordPaymentIntent),
  RecordPaymentSuccess: onSubmitted(recordPaymentSuccess),
  RecordPaymentFailure: onSubmitted(recordPaymentFailure),
} satisfies Partial<Decisions>;
