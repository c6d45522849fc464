import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { paymentOf, pricingOfState, type SubmittedEnrollment } from './enrollment-state.js';
import { nothingDueNow } from './held-decisions.js';
import { refuse } from './refusals.js';

function confirmEnrollment(command: Command<'ConfirmEnrollment'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (state.status === 'confirmed') return [];
  const payable = state.status === 'paid' || (state.status === 'pending' && nothingDueNow(state));
  if (!payable) throw refuse({ code: 'not_confirmable', status: state.status });
  const { submission } = state;
  const paid = paymentOf(state);
  const { orderId, orderReference, paymentMethod, at } = command;
  return [
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId: submission.enrollmentId,
        orderId,
        orderReference,
        paymentMethod,
        amountCents: submission.isFree ? 0 : (paid?.cents ?? 0),
        paymentIntentId: submission.isFree ? null : (paid?.intentId ?? null),
        confirmedAt: at,
        ...balancesPaid(state),
      },
    },
  ];
}

/** What the gift card and the credit paid, as the confirmation records it (nothing when neither did). */
function balancesPaid(state: SubmittedEnrollment) {
  const pricing = pricingOfState(state);
  if (!pricing || (pricing.paidByGiftCardCents === 0 && pricing.paidByCreditCents === 0)) return {};
  return { paidByGiftCardCents: pricing.paidByGiftCardCents, paidByCreditCents: pricing.paidByCreditCents };
}

/** The late-payment refund: paid, never confirmed (the seats were gone or the workshop had begun). */
function recordRefund(command: Command<'RecordRefund'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (state.status === 'refunded') return [];
  if (state.status !== 'paid') throw refuse({ code: 'not_refundable_here', status: state.status });
  const { paymentIntentId, refundId, amountCents, reason, at } = command;
  const { enrollmentId } = state.submission;
  return [
    {
      type: 'RefundIssued',
      data: { enrollmentId, paymentIntentId, refundId, amountCents, reason, refundedAt: at },
    },
  ];
}

/**
 * Paid (or free and held): the sale is confirmed, and so becomes an order; or, paid but never
 * confirmable (its seats gone, its workshop begun), the money goes back at once.
 */
export const paidDecisions = {
  ConfirmEnrollment: onSubmitted(confirmEnrollment),
  RecordRefund: onSubmitted(recordRefund),
} satisfies Partial<Decisions>;
