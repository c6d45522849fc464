import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { cancellationOf, hasSale, type SubmittedEnrollment } from './enrollment-state.js';
import { balanceDueCents, refundRequest } from './refundable.js';
import { refuse } from './refusals.js';

function recordBalanceIntent(command: Command<'RecordBalanceIntent'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (hasSale(state) && state.balanceIntentId === command.paymentIntentId) return [];
  const due = balanceDueCents(state);
  if (due === 0 || !hasSale(state) || state.balancePaid) throw refuse({ code: 'no_balance_due' });
  if (command.amountCents !== due) throw refuse({ code: 'balance_amount', dueCents: due });
  const { paymentIntentId, provider, amountCents } = command;
  return [
    {
      type: 'BalancePaymentIntentCreated',
      data: { enrollmentId: state.submission.enrollmentId, paymentIntentId, provider, amountCents },
    },
  ];
}

/**
 * The balance's money, whoever reports it: recorded once per PaymentIntent. Whatever came beyond
 * what the booking owes (an older tab's form paid after the amount changed, or after the balance
 * was paid) is on record and goes back at once; a booking cancelled meanwhile gives it all back.
 */
function recordBalancePayment(command: Command<'RecordBalancePayment'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  // Only a sold booking is asked for a balance (its intent is created once confirmed).
  if (!hasSale(state)) throw refuse({ code: 'no_balance_due' });
  const { paymentIntentId, amountCents, providerEventId, source, at } = command;
  const known = [state.balancePaid, ...state.overpaid].some((p) => p?.intentId === paymentIntentId);
  if (known || (providerEventId && state.providerEvents.includes(providerEventId))) return [];
  const { enrollmentId } = state.submission;
  const money = { enrollmentId, paymentIntentId, amountCents, providerEventId, source, paidAt: at };
  if (state.balancePaid) {
    const overpaid: EnrollmentEvent = { type: 'BalanceOverpaid', data: money };
    return [overpaid, refundRequest(state, paymentIntentId, amountCents, 'overpaid', at)];
  }
  const paid: EnrollmentEvent = {
    type: 'BalancePaid',
    data: { ...money, ...(command.card ? { card: command.card } : {}) },
  };
  // Cancelled while the balance was on its way: it goes back, all of it.
  if (cancellationOf(state) && amountCents > 0)
    return [paid, refundRequest(state, paymentIntentId, amountCents, 'cancelled', at)];
  const beyond = amountCents - balanceDueCents(state);
  if (beyond > 0) return [paid, refundRequest(state, paymentIntentId, beyond, 'overpaid', at)];
  return [paid];
}

function recordBalanceReminder(
  command: Command<'RecordBalanceReminder'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  if (!hasSale(state) || state.balanceReminders.includes(command.kind)) return [];
  if (balanceDueCents(state) === 0) return [];
  const { kind, balanceCents, dueAt, messageId, transport, at } = command;
  const { enrollmentId } = state.submission;
  return [
    {
      type: 'BalanceReminderSent',
      data: { enrollmentId, kind, balanceCents, dueAt, messageId, transport, sentAt: at },
    },
  ];
}

/**
 * Confirmed with a deposit: the balance's PaymentIntent (for exactly what is owed), its payment
 * (recorded once, whoever reports it; refunded in full when the booking was cancelled meanwhile)
 * and its two reminders, each once.
 */
export const balanceDecisions = {
  RecordBalanceIntent: onSubmitted(recordBalanceIntent),
  RecordBalancePayment: onSubmitted(recordBalancePayment),
  RecordBalanceReminder: onSubmitted(recordBalanceReminder),
} satisfies Partial<Decisions>;
