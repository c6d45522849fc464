import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { hasSale, orderOf, type SubmittedEnrollment } from './enrollment-state.js';
import { refuse } from './refusals.js';

function recordConfirmationEmail(
  command: Command<'RecordConfirmationEmail'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  if (hasSale(state) && state.emailSent) return [];
  if (state.status !== 'confirmed') throw refuse({ code: 'no_confirmation_email' });
  const { orderId, messageId, transport, at } = command;
  return [
    {
      type: 'ConfirmationEmailSent',
      data: { enrollmentId: state.submission.enrollmentId, orderId, messageId, transport, sentAt: at },
    },
  ];
}

function requestConfirmationResend(
  command: Command<'RequestConfirmationResend'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  if (hasSale(state) && state.resends[command.requestId]) return [];
  if (state.status !== 'confirmed') throw refuse({ code: 'no_confirmation_to_resend', status: state.status });
  const { enrollmentId } = state.submission;
  const { orderId } = state.order;
  return [
    {
      type: 'ConfirmationResendRequested',
      data: { enrollmentId, requestId: command.requestId, orderId, requestedAt: command.at },
    },
  ];
}

function recordConfirmationResent(
  command: Command<'RecordConfirmationResent'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  // One e-mail per request: a second delivery of the request records nothing more.
  if (!hasSale(state) || state.resends[command.requestId] !== 'requested') return [];
  const { requestId, messageId, transport, at } = command;
  const orderId = orderOf(state)?.orderId ?? '';
  return [
    {
      type: 'ConfirmationEmailResent',
      data: { enrollmentId: state.submission.enrollmentId, requestId, orderId, messageId, transport, sentAt: at },
    },
  ];
}

function recordReminder(command: Command<'RecordReminder'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  // One reminder per session reminded of: a second send (a crash before the record, two processes) records nothing.
  const session = command.session ?? 1;
  if (hasSale(state) && (session === 1 ? state.reminderSent : state.laterReminders.includes(session))) return [];
  // Cancelled (or refunded) meanwhile: the reminder is not recorded as if the booking stood.
  if (state.status !== 'confirmed') throw refuse({ code: 'no_reminder', status: state.status });
  const { orderId, messageId, transport, workshopStartsAt, at } = command;
  const { enrollmentId } = state.submission;
  return [
    {
      type: 'ReminderSent',
      data: { enrollmentId, orderId, messageId, transport, workshopStartsAt, sentAt: at, session },
    },
  ];
}

/** An e-mail after the sale (a cancellation, a transfer, a move by the school), recorded once; only a sold booking is sent one. */
function recordNotification(command: Command<'RecordNotification'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const { kind, ref, messageId, transport, at } = command;
  if (!hasSale(state) || state.notified.includes(`${kind}:${ref}`)) return [];
  const { enrollmentId } = state.submission;
  return [{ type: 'CustomerNotified', data: { enrollmentId, kind, ref, messageId, transport, sentAt: at } }];
}

/**
 * Confirmed: the parent's e-mails, each recorded once after it left (the confirmation, its resends,
 * the reminders, the e-mails after the sale). Only a confirmed booking is sent new ones.
 */
export const confirmedDecisions = {
  RecordConfirmationEmail: onSubmitted(recordConfirmationEmail),
  RequestConfirmationResend: onSubmitted(requestConfirmationResend),
  RecordConfirmationResent: onSubmitted(recordConfirmationResent),
  RecordReminder: onSubmitted(recordReminder),
  RecordNotification: onSubmitted(recordNotification),
} satisfies Partial<Decisions>;
