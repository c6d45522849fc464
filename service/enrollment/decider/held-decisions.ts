import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EnrollmentCommand } from './commands.js';
import { requireEnrollment, type EnrollmentState } from './enrollment-state.js';
import { refuse } from './refusals.js';

type Command<T extends EnrollmentCommand['type']> = Extract<EnrollmentCommand, { type: T }>;

/**
 * The sale's first phases: submitted (seats held, or free and awaiting confirmation), then expired
 * or cancelled before any money. Payment is in payment-decisions.ts.
 */
export function submitEnrollment(command: Command<'SubmitEnrollment'>, state: EnrollmentState): EnrollmentEvent[] {
  if (state.status !== 'none') throw refuse({ code: 'already_submitted' });
  return [{ type: 'EnrollmentSubmitted', data: command.submission }];
}

export function expireEnrollment(command: Command<'ExpireEnrollment'>, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.status !== 'pending') return [];
  // A free enrollment has no hold deadline of its own; one left pending (its confirmation was
  // cut off before the visitor got an answer) expires with its seat hold.
  const holdExpiresAt = submission.holdExpiresAt ?? command.at;
  return [
    {
      type: 'EnrollmentExpired',
      data: { enrollmentId: submission.enrollmentId, holdExpiresAt, expiredAt: command.at },
    },
  ];
}

export function cancelUnpaidEnrollment(
  command: Command<'CancelEnrollment'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.status === 'cancelled') return [];
  if (state.status !== 'pending' && state.status !== 'expired')
    throw refuse({ code: 'not_cancellable_here', status: state.status });
  const replacedBy = command.replacedBy ? { replacedBy: command.replacedBy } : {};
  return [
    {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: submission.enrollmentId, reason: command.reason, cancelledAt: command.at, ...replacedBy },
    },
  ];
}
