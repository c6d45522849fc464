import { fullName } from '../../../contracts/core/erased.js';
import { personKey } from '../../../contracts/admin/roles.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { participantDetailsOf, participantName } from '../../../contracts/enrollment/participants.js';
import { schoolDay } from '../../../contracts/catalogue/sessions.js';
import { SCHOOL } from '../../../contracts/core/school.js';
import type { Command } from './commands.js';
import type { Decisions } from './decision.js';
import { attendanceKey, hasSale, isBooked, type EnrollmentState } from './enrollment-state.js';
import { refuse } from './refusals.js';

/**
 * The participant of a booking at the roster of `workshopId`: an enrollment that exists, is in that
 * workshop now (a transfer moves it) or holds a make-up seat there, has that participant, is booked
 * (pending, paid or confirmed), and the participant's place is not cancelled. Attendance and
 * collection are kept only for such participants.
 */
function bookedParticipant(
  target: { workshopId: string; participant: number; makeup?: boolean },
  state: EnrollmentState,
) {
  // Each refusal names the request field it is about (service/enrollment/refusal-answers.ts), so the
  // roster screen and API clients can point at it.
  if (state.status === 'none') throw refuse({ code: 'unknown_enrollment' });
  if (state.workshopId !== target.workshopId && !target.makeup) throw refuse({ code: 'not_in_workshop' });
  const { submission } = state;
  const details = participantDetailsOf(submission.form);
  const count = Math.max(details.length, submission.participants);
  if (target.participant >= count) throw refuse({ code: 'participant_out_of_range', count });
  if (!isBooked(state)) throw refuse({ code: 'enrollment_not_active', status: state.status });
  const left = hasSale(state) ? state.participantsLeft[target.participant] : undefined;
  if (left) throw refuse({ code: 'participant_left', name: left.name });
  const { form } = submission;
  const detail = details[target.participant];
  const name = detail
    ? participantName(detail, target.participant, fullName(form.firstName, form.lastName))
    : `Participant ${target.participant + 1}`;
  return { state, enrollmentId: submission.enrollmentId, name };
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
function recordableNow(command: { sessionStartsAt: string; at: string }): void {
  if (schoolDay(command.at) < schoolDay(command.sessionStartsAt))
    throw refuse({ code: 'session_not_yet', day: sessionDayWords.format(new Date(command.sessionStartsAt)) });
}

/**
 * Attendance is marked on the enrollment's own stream, in the workshop it is in now (a transfer
 * moves it, and clears what was marked), for a participant it has, while it is booked (pending,
 * paid or confirmed), from the session's day. Marking what is already marked records nothing; a
 * mark taken back leaves the participant not marked (nothing marked: nothing to take back).
 */
function markAttendance(command: Command<'MarkAttendance'>, s: EnrollmentState): EnrollmentEvent[] {
  const { state, enrollmentId, name } = bookedParticipant(command, s);
  const { workshopId, session, participant, makeup, at, undo } = command;
  const recorded = state.attendance[attendanceKey(workshopId, session, participant)];
  if (undo && recorded === undefined) return [];
  if (!undo) {
    recordableNow(command);
    if (recorded === command.present) return [];
  }
  return [
    {
      type: 'AttendanceMarked',
      data: {
        enrollmentId,
        workshopId,
        participant,
        name,
        present: undo ? recorded! : command.present,
        markedAt: at,
        session,
        ...(makeup ? { makeup: true } : {}),
        ...(undo ? { undone: true as const } : {}),
      },
    },
  ];
}

/** Who collected a participant at the end of a session: someone on the family's list, or someone confirmed as not on it. */
function recordCollection(command: Command<'RecordCollection'>, s: EnrollmentState): EnrollmentEvent[] {
  const { state, enrollmentId, name } = bookedParticipant(command, s);
  const { workshopId, session, participant, at } = command;
  const recorded = state.collected[attendanceKey(workshopId, session, participant)];
  if (command.undo) {
    // Who collected, taken back: nobody is recorded again for that session.
    if (recorded === undefined) return [];
    const data = { enrollmentId, workshopId, participant, name, collectedAt: at, session };
    return [
      {
        type: 'ChildCollected',
        data: { ...data, collectedBy: recorded, relationship: '', onList: true, undone: true },
      },
    ];
  }
  recordableNow(command);
  const collectedBy = command.collectedBy.trim().replace(/\s+/g, ' ');
  const match = command.allowed.find((a) => personKey(a.name) === personKey(collectedBy));
  if (!match && !command.confirmed) throw refuse({ code: 'not_on_pickup_list', name: collectedBy });
  if (recorded !== undefined && personKey(recorded) === personKey(collectedBy)) return [];
  return [
    {
      type: 'ChildCollected',
      data: {
        enrollmentId,
        workshopId,
        participant,
        name,
        collectedBy: match?.name ?? collectedBy,
        relationship: match?.relationship ?? '',
        onList: Boolean(match),
        collectedAt: at,
        session,
      },
    },
  ];
}

/** Booked (held, paid or confirmed): attendance and pick-ups at the roster, for the participants still coming. */
export const attendanceDecisions = {
  MarkAttendance: markAttendance,
  RecordCollection: recordCollection,
} satisfies Partial<Decisions>;
