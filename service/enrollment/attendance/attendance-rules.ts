import { fullName } from '../../../contracts/core/erased.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { participantDetailsOf, participantName } from '../../../contracts/enrollment/participants.js';
import { attendanceKey, type EnrollmentState } from '../decider/enrollment-state.js';
import { refuse } from '../decider/refusals.js';
import { SCHOOL } from '../../../contracts/core/school.js';
import { schoolDay } from '../../../contracts/catalogue/sessions.js';

/**
 * An administrator marks participant `participant` (index from 0) present or absent at `workshopId`,
 * or (`undo`) takes back the mark recorded there.
 */
export interface MarkAttendance {
  type: 'MarkAttendance';
  workshopId: string;
  /** The session, from 1. */
  session: number;
  /** When that session starts (the route reads it from the workshop): marks are taken from its day. */
  sessionStartsAt: string;
  participant: number;
  present: boolean;
  /** Take back the mark recorded (`present` is then not read). */
  undo?: boolean;
  /** The participant holds a make-up seat in this workshop's session (checked on its stream by the route). */
  makeup?: boolean;
  at: string;
}

const sessionDayWords = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/**
 * Attendance and pick-up are recorded from the session's own day (on the school's calendar), not
 * before: a tap on a roster opened weeks ahead must not record a child present. Taking a record
 * back is allowed whenever.
 */
export function recordableNow(command: { sessionStartsAt: string; at: string }): void {
  if (schoolDay(command.at) < schoolDay(command.sessionStartsAt))
    throw refuse({ code: 'session_not_yet', day: sessionDayWords.format(new Date(command.sessionStartsAt)) });
}

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
  // Each refusal names the request field it is about (service/core/refusal-answers.ts), so the
  // roster screen and API clients can point at it.
  if (state.status === 'none' || !submission) throw refuse({ code: 'unknown_enrollment' });
  if (state.workshopId !== target.workshopId && !target.makeup) throw refuse({ code: 'not_in_workshop' });
  const details = participantDetailsOf(submission.form);
  const count = Math.max(details.length, submission.participants);
  if (target.participant >= count) throw refuse({ code: 'participant_out_of_range', count });
  if (state.status !== 'pending' && state.status !== 'paid' && state.status !== 'confirmed')
    throw refuse({ code: 'enrollment_not_active', status: state.status });
  const left = state.participantsLeft[target.participant];
  if (left) throw refuse({ code: 'participant_left', name: left.name });
  const { form } = submission;
  const detail = details[target.participant];
  const name = detail
    ? participantName(detail, target.participant, fullName(form.firstName, form.lastName))
    : `Participant ${target.participant + 1}`;
  return { enrollmentId: submission.enrollmentId, name };
}

/**
 * Attendance is marked on the enrollment's own stream, in the workshop it is in now (a transfer
 * moves it, and clears what was marked), for a participant it has, while it is booked (pending,
 * paid or confirmed), from the session's day. Marking what is already marked records nothing; a
 * mark taken back leaves the participant not marked (nothing marked: nothing to take back).
 */
export function attendanceDecision(command: MarkAttendance, state: EnrollmentState): EnrollmentEvent[] {
  const { enrollmentId, name } = bookedParticipant(command, state);
  const key = attendanceKey(command.workshopId, command.session, command.participant);
  const recorded = state.attendance[key];
  if (command.undo && recorded === undefined) return [];
  if (!command.undo) {
    recordableNow(command);
    if (recorded === command.present) return [];
  }
  return [
    {
      type: 'AttendanceMarked',
      data: {
        enrollmentId,
        workshopId: command.workshopId,
        participant: command.participant,
        name,
        present: command.undo ? recorded! : command.present,
        markedAt: command.at,
        session: command.session,
        ...(command.makeup ? { makeup: true } : {}),
        ...(command.undo ? { undone: true as const } : {}),
      },
    },
  ];
}
