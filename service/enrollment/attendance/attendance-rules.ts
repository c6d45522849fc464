import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { participantDetailsOf, participantName } from '../../../contracts/enrollment/participants.js';
import type { EnrollmentState } from '../decider/enrollment-state.js';
import { refuse } from '../decider/refusals.js';

/** An administrator marks participant `participant` (index from 0) present or absent at `workshopId`. */
export interface MarkAttendance {
  type: 'MarkAttendance';
  workshopId: string;
  participant: number;
  present: boolean;
  at: string;
}

/**
 * Attendance is marked on the enrollment's own stream, in the workshop it is in now (a transfer
 * moves it, and clears what was marked), for a participant it has, while it is booked (pending,
 * paid or confirmed). Marking what is already marked records nothing.
 */
export function attendanceDecision(command: MarkAttendance, state: EnrollmentState): EnrollmentEvent[] {
  const submission = state.submission;
  // Each refusal names the request field it is about (service/core/refusal-answers.ts), so the
  // roster screen and API clients can point at it.
  if (state.status === 'none' || !submission) throw refuse({ code: 'unknown_enrollment' });
  if (state.workshopId !== command.workshopId) throw refuse({ code: 'not_in_workshop' });
  const details = participantDetailsOf(submission.form);
  const count = Math.max(details.length, submission.participants);
  if (command.participant >= count) throw refuse({ code: 'participant_out_of_range', count });
  if (state.status !== 'pending' && state.status !== 'paid' && state.status !== 'confirmed')
    throw refuse({ code: 'enrollment_not_active', status: state.status });
  const left = state.participantsLeft[command.participant];
  if (left) throw refuse({ code: 'participant_left', name: left.name });
  if (state.attendance[command.participant] === command.present) return [];
  const { form } = submission;
  const detail = details[command.participant];
  const name = detail
    ? participantName(detail, command.participant, `${form.firstName} ${form.lastName}`.trim())
    : `Participant ${command.participant + 1}`;
  return [
    {
      type: 'AttendanceMarked',
      data: {
        enrollmentId: submission.enrollmentId,
        workshopId: command.workshopId,
        participant: command.participant,
        name,
        present: command.present,
        markedAt: command.at,
      },
    },
  ];
}
