import {
  changedWhenWhere,
  type EnrollmentEvent,
  type ParticipantDetailsCorrected,
} from '../../../contracts/enrollment/events.js';
import {
  attendeeNames,
  participantDetailsOf,
  type ParticipantDetail,
} from '../../../contracts/enrollment/participants.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { hasEnded, rescheduleMove, type SubmittedEnrollment } from './enrollment-state.js';
import { refuse } from './refusals.js';

/**
 * Records BookingRescheduled when the enrollment is in that workshop and its date, time or place
 * differs; nothing when it moved elsewhere, is not there yet (a transfer into it completes with the
 * target as it was asked for, and the reactor follows that up), has ended (cancelled, refunded),
 * or already reads the same. An expired hold follows too: a late payment can still revive it.
 * Only the date, time and place change: the title, price and group prices stay as bought.
 */
function rescheduleBooking(command: Command<'RescheduleBooking'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const { workshopId, changeId, to, at } = command;
  const from = state.item;
  if (state.moves.includes(rescheduleMove(changeId))) return [];
  if (state.workshopId !== workshopId || from.kind !== 'workshop' || hasEnded(state)) return [];
  const changed = changedWhenWhere(from, to);
  if (changed.length === 0) return [];
  const sessions = to.sessions ? { sessions: to.sessions } : {};
  return [
    {
      type: 'BookingRescheduled',
      data: {
        enrollmentId: state.submission.enrollmentId,
        workshopId,
        changeId,
        fromItem: from,
        item: { ...from, date: to.date, time: to.time, location: to.location, ...sessions },
        changed,
        rescheduledAt: at,
      },
    },
  ];
}

const FIELDS: (keyof ParticipantDetail)[] = [
  'name',
  'age',
  'grade',
  'school',
  'hasDietaryRestrictions',
  'dietaryRestrictions',
  'photographyConsent',
  'allowNameWithPhoto',
  'photographyOptOut',
];

/** `<index>.<field>` of every detail that differs. */
const changedFields = (before: ParticipantDetail[], after: ParticipantDetail[]) =>
  after.flatMap((p, i) => FIELDS.filter((f) => before[i]?.[f] !== p[f]).map((f) => `${i}.${f}`));

/**
 * Details can be corrected while the booking stands and the workshop has not begun: a cancelled
 * booking is over, and a begun workshop has used them (the roster, the kitchen). A correction that
 * changes nothing records nothing.
 */
function correctParticipantDetails(
  command: Command<'CorrectParticipantDetails'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  if (hasEnded(state)) throw refuse({ code: 'correction_cancelled' });
  if (state.status !== 'confirmed') throw refuse({ code: 'correction_not_confirmed', status: state.status });
  const { submission } = state;
  const startsAt = state.item.date;
  if (startsAt && Date.parse(command.at) >= Date.parse(startsAt)) throw refuse({ code: 'correction_workshop_begun' });
  if (command.participantDetails.length !== submission.participants)
    throw refuse({ code: 'correction_participant_count' });
  const before = participantDetailsOf(submission.form);
  const changed = changedFields(before, command.participantDetails);
  if (changed.length === 0) return [];
  // A saved child of a family account stays that child (the correction's form has no such fields).
  const participantDetails = command.participantDetails.map((p, i) => {
    const { childId, dateOfBirth, medicalNotes } = before[i] ?? {};
    return childId ? { ...p, childId, dateOfBirth, medicalNotes } : p;
  });
  const corrected: ParticipantDetailsCorrected = {
    enrollmentId: submission.enrollmentId,
    participantDetails,
    attendees: attendeeNames({ ...submission.form, participantDetails }),
    changed,
    correctedAt: command.at,
  };
  return [{ type: 'ParticipantDetailsCorrected', data: corrected }];
}

/**
 * What is booked, while the booking stands: its date and place follow the school's moves of the
 * workshop (held, paid or confirmed; an expired hold too), and a confirmed booking's participants'
 * details are corrected by the parent until the workshop begins.
 */
export const bookingDecisions = {
  RescheduleBooking: onSubmitted(rescheduleBooking),
  CorrectParticipantDetails: onSubmitted(correctParticipantDetails),
} satisfies Partial<Decisions>;
