import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EnrollmentCommand } from './commands.js';
import {
  balanceDueCents,
  cancellationOf,
  refundRequest,
  requireEnrollment,
  type EnrollmentState,
} from './enrollment-state.js';
import { refuse } from './refusals.js';

type Command<T extends EnrollmentCommand['type']> = Extract<EnrollmentCommand, { type: T }>;

/**
 * The balance of a booking taken with a deposit: its PaymentIntent (for exactly what is owed), its
 * payment (recorded once, whoever reports it; refunded in full when the booking was cancelled
 * meanwhile) and its two reminders, each once.
 */
export function recordBalanceIntent(
  command: Command<'RecordBalanceIntent'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.balanceIntentId === command.paymentIntentId) return [];
  const due = balanceDueCents(state);
  if (due === 0 || state.balancePaid) throw refuse({ code: 'no_balance_due' });
  if (command.amountCents !== due) throw refuse({ code: 'balance_amount', dueCents: due });
  const { paymentIntentId, provider, amountCents } = command;
  return [
    {
      type: 'BalancePaymentIntentCreated',
      data: { enrollmentId: submission.enrollmentId, paymentIntentId, provider, amountCents },
    },
  ];
}

export function recordBalancePayment(
  command: Command<'RecordBalancePayment'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.balancePaid) return [];
  const { paymentIntentId, amountCents, providerEventId, source, at } = command;
  const paid: EnrollmentEvent = {
    type: 'BalancePaid',
    data: { enrollmentId: submission.enrollmentId, paymentIntentId, amountCents, providerEventId, source, paidAt: at },
  };
  // Cancelled while the balance was on its way: it goes back, all of it.
  if (cancellationOf(state) && amountCents > 0)
    return [paid, refundRequest(state, paymentIntentId, amountCents, 'cancelled', at)];
  return [paid];
}

export function recordBalanceReminder(
  command: Command<'RecordBalanceReminder'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.balanceReminders.includes(command.kind)) return [];
  if (balanceDueCents(state) === 0) return [];
  const { kind, balanceCents, dueAt, messageId, transport, at } = command;
  return [
    {
      type: 'BalanceReminderSent',
      data: { enrollmentId: submission.enrollmentId, kind, balanceCents, dueAt, messageId, transport, sentAt: at },
    },
  ];
}
