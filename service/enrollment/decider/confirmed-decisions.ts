import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EnrollmentCommand } from './commands.js';
import { orderOf, requireEnrollment, type EnrollmentState } from './enrollment-state.js';
import { refuse } from './refusal-sentences.js';

type Command<T extends EnrollmentCommand['type']> = Extract<EnrollmentCommand, { type: T }>;

/** The confirmed phase's messages: the confirmation, its resends and the reminder, each recorded once. */
export function recordConfirmationEmail(
  command: Command<'RecordConfirmationEmail'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.emailSent) return [];
  if (state.status !== 'confirmed') throw refuse({ code: 'no_confirmation_email' });
  const { orderId, messageId, transport, at } = command;
  return [
    {
      type: 'ConfirmationEmailSent',
      data: { enrollmentId: submission.enrollmentId, orderId, messageId, transport, sentAt: at },
    },
  ];
}

export function requestConfirmationResend(
  command: Command<'RequestConfirmationResend'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.resends[command.requestId]) return [];
  if (state.status !== 'confirmed') throw refuse({ code: 'no_confirmation_to_resend', status: state.status });
  return [
    {
      type: 'ConfirmationResendRequested',
      data: {
        enrollmentId: submission.enrollmentId,
        requestId: command.requestId,
        orderId: state.order.orderId,
        requestedAt: command.at,
      },
    },
  ];
}

export function recordConfirmationResent(
  command: Command<'RecordConfirmationResent'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  // One e-mail per request: a second delivery of the request records nothing more.
  if (state.resends[command.requestId] !== 'requested') return [];
  const { requestId, messageId, transport, at } = command;
  return [
    {
      type: 'ConfirmationEmailResent',
      data: {
        enrollmentId: submission.enrollmentId,
        requestId,
        orderId: orderOf(state)?.orderId ?? '',
        messageId,
        transport,
        sentAt: at,
      },
    },
  ];
}

export function recordReminder(command: Command<'RecordReminder'>, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  // One reminder per session reminded of: a second send (a crash before the record, two processes) records nothing.
  const session = command.session ?? 1;
  if (session === 1 ? state.reminderSent : state.laterReminders.includes(session)) return [];
  // Cancelled (or refunded) meanwhile: the reminder is not recorded as if the booking stood.
  if (state.status !== 'confirmed') throw refuse({ code: 'no_reminder', status: state.status });
  const { orderId, messageId, transport, workshopStartsAt, at } = command;
  return [
    {
      type: 'ReminderSent',
      data: {
        enrollmentId: submission.enrollmentId,
        orderId,
        messageId,
        transport,
        workshopStartsAt,
        sentAt: at,
        session,
      },
    },
  ];
}
