import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { participantDetailsOf, participantName } from '../../../contracts/enrollment/participants.js';
import { AppError, type ErrorCode } from '../../core/errors.js';
import { attendanceKey, type EnrollmentState } from '../decider/enrollment-state.js';

/** An administrator marks participant `participant` (index from 0) present or absent at `workshopId`. */
export interface MarkAttendance {
  type: 'MarkAttendance';
  workshopId: string;
  /** The session, from 1. */
  session: number;
  participant: number;
  present: boolean;
  /** The participant holds a make-up seat in this workshop's session (checked on its stream by the route). */
  makeup?: boolean;
  at: string;
}

/** A refusal naming the request field it is about, so the roster screen and API clients can point at it. */
const refuse = (code: ErrorCode, path: 'enrollmentId' | 'participant', message: string) =>
  new AppError(code, message, { issues: [{ path, message }] });

/**
 * The participant of a booking at the roster of `workshopId`: an enrollment that exists, is in that
 * workshop now (a transfer moves it) or holds a make-up seat there, has that participant, is booked
 * (pending, paid or confirmed), and the participant's place is not cancelled. Attendance and
 * collection are kept only for such participants.
 */
export function bookedParticipant(
  target: { workshopId: string; participant: number; makeup?: boolean },
  state: EnrollmentState,
): { enrollmentId: string; name: string } {
  const submission = state.submission;
  if (state.status === 'none' || !submission)
    throw refuse('unknown_enrollment', 'enrollmentId', 'enrollmentId: there is no such enrollment.');
  if (state.workshopId !== target.workshopId && !target.makeup)
    throw refuse('not_in_workshop', 'enrollmentId', 'enrollmentId: this enrollment is not for this workshop.');
  const details = participantDetailsOf(submission.form);
  const count = Math.max(details.length, submission.participants);
  if (target.participant >= count) {
    throw refuse(
      'participant_out_of_range',
      'participant',
      `participant: this enrollment has ${count} ${count === 1 ? 'participant' : 'participants'} (0 to ${count - 1}).`,
    );
  }
  if (state.status !== 'pending' && state.status !== 'paid' && state.status !== 'confirmed') {
    throw refuse(
      'enrollment_not_active',
      'enrollmentId',
      `enrollmentId: this enrollment is ${state.status}; attendance is only kept for booked participants.`,
    );
  }
  const left = state.participantsLeft[target.participant];
  if (left)
    throw refuse(
      'enrollment_not_active',
      'participant',
      `participant: ${left.name}'s place in this booking is cancelled; attendance is only kept for booked participants.`,
    );
  const { form } = submission;
  const detail = details[target.participant];
  const name = detail
    ? participantName(detail, target.participant, `${form.firstName} ${form.lastName}`.trim())
    : `Participant ${target.participant + 1}`;
  return { enrollmentId: submission.enrollmentId, name };
}

/**
 * Attendance is marked on the enrollment's own stream, in the workshop it is in now (a transfer
 * moves it, and clears what was marked), for a participant it has, while it is booked (pending,
 * paid or confirmed). Marking what is already marked records nothing.
 */
export function attendanceDecision(command: MarkAttendance, state: EnrollmentState): EnrollmentEvent[] {
  const { enrollmentId, name } = bookedParticipant(command, state);
  const key = attendanceKey(command.workshopId, command.session, command.participant);
  if (state.attendance[key] === command.present) return [];
  return [
    {
      type: 'AttendanceMarked',
      data: {
        enrollmentId,
        workshopId: command.workshopId,
        participant: command.participant,
        name,
        present: command.present,
        markedAt: command.at,
        session: command.session,
        ...(command.makeup ? { makeup: true } : {}),
      },
    },
  ];
}
