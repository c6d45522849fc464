import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { cancellationOf, hasSale, paymentOf, type SubmittedEnrollment } from './enrollment-state.js';
import { balanceDueCents, refundRequest } from './refundable.js';

/**
 * An instalment the plan's stream charged (issue 43), recorded on the booking once per
 * PaymentIntent, so a redelivery records nothing. A booking cancelled while the charge was under
 * way gives it all back; money beyond what the booking still owes (a place given up meanwhile)
 * goes back at once, as a balance's does.
 */
function recordInstallmentPayment(
  command: Command<'RecordInstallmentPayment'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  // A plan starts only once the booking is sold, so its instalments always find a sale.
  if (!hasSale(state)) return [];
  const { n, paymentIntentId, amountCents, at, card, paidBy } = command;
  const known = [paymentOf(state), state.balancePaid, ...state.overpaid, ...state.installmentsPaid];
  if (known.some((p) => p?.intentId === paymentIntentId)) return [];
  const { enrollmentId } = state.submission;
  const recorded: EnrollmentEvent = {
    type: 'InstallmentPaymentRecorded',
    data: {
      enrollmentId,
      n,
      paymentIntentId,
      amountCents,
      paidAt: at,
      ...(card ? { card } : {}),
      ...(paidBy ? { paidBy } : {}),
    },
  };
  if (cancellationOf(state) && amountCents > 0)
    return [recorded, refundRequest(state, paymentIntentId, amountCents, 'cancelled', at)];
  const beyond = amountCents - balanceDueCents(state);
  if (beyond > 0) return [recorded, refundRequest(state, paymentIntentId, beyond, 'overpaid', at)];
  return [recorded];
}

/** An instalment waived by the office: the booking owes it no more; recorded once per instalment. */
function recordInstallmentWaiver(
  command: Command<'RecordInstallmentWaiver'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  if (!hasSale(state) || state.installmentsWaived.some((w) => w.n === command.n)) return [];
  const { n, amountCents, at } = command;
  return [
    {
      type: 'InstallmentWaiverRecorded',
      data: { enrollmentId: state.submission.enrollmentId, n, amountCents, waivedAt: at },
    },
  ];
}

/** Sold in instalments: each one paid on the plan, recorded once; or waived. */
export const installmentDecisions = {
  RecordInstallmentPayment: onSubmitted(recordInstallmentPayment),
  RecordInstallmentWaiver: onSubmitted(recordInstallmentWaiver),
} satisfies Partial<Decisions>;
