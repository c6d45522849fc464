import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { participantDetailsOf, participantName } from '../../../contracts/enrollment/participants.js';
import { AppError, type ErrorCode } from '../../core/errors.js';
import type { EnrollmentState } from '../decider/enrollment-state.js';

/** An administrator marks participant `participant` (index from 0) present or absent at `workshopId`. */
export interface MarkAttendance {
  type: 'MarkAttendance';
  workshopId: string;
  participant: number;
  present: boolean;
  at: string;
}

/** A refusal naming the request field it is about, so the roster screen and API clients can point at it. */
const refuse = (code: ErrorCode, path: 'enrollmentId' | 'participant', message: string) =>
  new AppError(code, message, { issues: [{ path, message }] });

/**
 * The participant of a booking at the roster of `workshopId`: an enrollment that exists, is in that
 * workshop now (a transfer moves it), has that participant and is booked (pending, paid or
 * confirmed). Attendance and collection are kept only for such participants.
 */
export function bookedParticipant(
  workshopId: string,
  participant: number,
  state: EnrollmentState,
): { enrollmentId: string; name: string } {
  const submission = state.submission;
  if (state.status === 'none' || !submission)
    throw refuse('unknown_enrollment', 'enrollmentId', 'enrollmentId: there is no such enrollment.');
  if (state.workshopId !== workshopId)
    throw refuse('not_in_workshop', 'enrollmentId', 'enrollmentId: this enrollment is not for this workshop.');
  const details = participantDetailsOf(submission.form);
  const count = Math.max(details.length, submission.participants);
  if (participant >= count) {
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
  const { form } = submission;
  const detail = details[participant];
  const name = detail
    ? participantName(detail, participant, `${form.firstName} ${form.lastName}`.trim())
    : `Participant ${participant + 1}`;
  return { enrollmentId: submission.enrollmentId, name };
}

/**
 * Attendance is marked on the enrollment's own stream, in the workshop it is in now (a transfer
 * moves it, and clears what was marked), for a participant it has, while it is booked (pending,
 * paid or confirmed). Marking what is already marked records nothing.
 */
export function attendanceDecision(command: MarkAttendance, state: EnrollmentState): EnrollmentEvent[] {
  const { enrollmentId, name } = bookedParticipant(command.workshopId, command.participant, state);
  if (state.attendance[command.participant] === command.present) return [];
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
      },
    },
  ];
}
