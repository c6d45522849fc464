import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { Command, RefundChoice } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { hasEnded, hasSale, pricingOfState, type SubmittedEnrollment } from './enrollment-state.js';
import { refundableCents, refundedSoFar, refundRequests } from './refundable.js';
import { refuse } from './refusals.js';
import type { RefundEntry } from './sale-state.js';

/** The cents a refund choice gives back, of `most`. */
export const refundCentsOf = (refund: RefundChoice, most: number) =>
  refund.kind === 'full' ? most : refund.kind === 'none' ? 0 : refund.cents;

function cancelBooking(command: Command<'CancelBooking'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (hasEnded(state)) throw refuse({ code: 'already_cancelled', scope: 'enrollment' });
  if (state.status === 'expired') throw refuse({ code: 'expired_unpaid' });
  if (hasSale(state) && state.transfer) throw refuse({ code: 'being_moved', scope: 'enrollment' });
  // Paid and not yet confirmed lasts a moment (its seats are being confirmed): cancelling in
  // between could give back a hold that the confirmation then takes again.
  if (state.status === 'paid') throw refuse({ code: 'payment_being_confirmed' });
  const refundable = refundableCents(state);
  const cents = refundCentsOf(command.refund, refundable);
  if (command.refund.kind === 'amount' && cents > refundable)
    throw refuse({
      code: 'refund_over_refundable',
      refundableCents: refundable,
      paidCents: refundable + refundedSoFar(state),
    });
  const refundTo = command.refundTo ?? 'card';
  if (refundTo === 'credit' && !pricingOfState(state)?.householdId) throw refuse({ code: 'credit_needs_family' });
  const cancelled: EnrollmentEvent = {
    type: 'EnrollmentCancelled',
    data: {
      enrollmentId: state.submission.enrollmentId,
      reason: command.by === 'admin' ? 'cancelled-by-admin' : 'cancelled-by-visitor',
      cancelledAt: command.at,
      ...(command.note ? { note: command.note } : {}),
      notify: command.notify,
    },
  };
  if (cents === 0) return [cancelled];
  return [cancelled, ...refundRequests(state, cents, 'cancelled', command.at, refundTo)];
}

const refundsOf = (state: SubmittedEnrollment): Record<string, RefundEntry> => (hasSale(state) ? state.refunds : {});

function retryRefunds(command: Command<'RetryRefunds'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const failed = Object.values(refundsOf(state)).filter((r) => r.status === 'failed');
  if (failed.length === 0) throw refuse({ code: 'no_failed_refund' });
  const { enrollmentId } = state.submission;
  return failed.map((r) => ({
    type: 'RefundRequested',
    data: {
      enrollmentId,
      refundKey: r.refundKey,
      paymentIntentId: r.paymentIntentId,
      amountCents: r.amountCents,
      reason: r.reason,
      attempt: r.attempt + 1,
      requestedAt: command.at,
    },
  }));
}

/** The refund an outcome is about, while that attempt is still waiting for one (settled already, or an earlier attempt's: not news). */
const awaited = (state: SubmittedEnrollment, refundKey: string, attempt: number) => {
  const entry = refundsOf(state)[refundKey];
  return entry && entry.status === 'requested' && entry.attempt === attempt ? entry : null;
};

function recordRefundIssued(command: Command<'RecordRefundIssued'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const entry = awaited(state, command.refundKey, command.attempt);
  if (!entry) return [];
  return [
    {
      type: 'RefundIssued',
      data: {
        enrollmentId: state.submission.enrollmentId,
        paymentIntentId: entry.paymentIntentId,
        refundId: command.refundId,
        amountCents: command.amountCents,
        reason: entry.reason,
        refundedAt: command.at,
        refundKey: entry.refundKey,
        ...(entry.source !== 'card' || entry.to !== 'card' ? { source: entry.source, to: entry.to } : {}),
      },
    },
  ];
}

function recordRefundFailure(command: Command<'RecordRefundFailure'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const entry = awaited(state, command.refundKey, command.attempt);
  if (!entry) return [];
  const { refundKey, paymentIntentId, amountCents, attempt } = entry;
  const { code, message, at } = command;
  return [
    {
      type: 'RefundFailed',
      data: {
        enrollmentId: state.submission.enrollmentId,
        refundKey,
        paymentIntentId,
        amountCents,
        attempt,
        code,
        message,
        failedAt: at,
      },
    },
  ];
}

/**
 * Confirmed (or still held) to cancelled by the school or the parent, with what goes back and
 * where; then each refund's outcome as the provider reports it, and a retry of those it refused.
 */
export const cancelDecisions = {
  CancelBooking: onSubmitted(cancelBooking),
  RetryRefunds: onSubmitted(retryRefunds),
  RecordRefundIssued: onSubmitted(recordRefundIssued),
  RecordRefundFailure: onSubmitted(recordRefundFailure),
} satisfies Partial<Decisions>;
