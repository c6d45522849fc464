import type {
  EnrollmentEvent,
  EnrollmentSubmitted,
  ParticipantDetailsCorrected,
} from '../../../contracts/enrollment/events.js';
import {
  attendeeNames,
  legacyFromDetails,
  participantDetailsOf,
  type ParticipantDetail,
} from '../../../contracts/enrollment/participants.js';
import { conflict } from '../../core/errors.js';
import { cancellationOf, requireEnrollment, type EnrollmentState } from '../decider/enrollment-state.js';

/** The parent corrects the participants' details from the booking page (already checked by the form's schemas). */
export interface CorrectionCommand {
  type: 'CorrectParticipantDetails';
  participantDetails: ParticipantDetail[];
  at: string;
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
export function correctionDecisions(command: CorrectionCommand, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (cancellationOf(state) || state.status === 'cancelled' || state.status === 'refunded')
    throw conflict('This booking is cancelled: its details can no longer be changed.');
  if (state.status !== 'confirmed')
    throw conflict(
      `This booking is ${state.status === 'expired' ? 'expired' : 'not confirmed yet'}: its details cannot be changed.`,
    );
  const startsAt = state.item?.date;
  if (startsAt && Date.parse(command.at) >= Date.parse(startsAt))
    throw conflict('The workshop has begun: the details can no longer be changed here. Please call us.');
  if (command.participantDetails.length !== submission.participants)
    throw conflict('The number of participants cannot be changed here. Please contact us.');
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
 * The submission as corrected: its form's details (and the specification's student fields derived
 * from them) and its attendees, so every reader of the state (reminder, after-sale e-mails) sees
 * what the parent wrote last.
 */
export function withCorrectedDetails(
  submission: EnrollmentSubmitted | null,
  data: ParticipantDetailsCorrected,
): EnrollmentSubmitted | null {
  if (!submission) return submission;
  return {
    ...submission,
    attendees: data.attendees,
    form: {
      ...submission.form,
      ...legacyFromDetails(data.participantDetails),
      participantDetails: data.participantDetails,
    },
  };
}
