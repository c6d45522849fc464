import {
  orderIdFor,
  orderReferenceFor,
  type EnrollmentEvent,
  type EnrollmentSubmitted,
} from '../../../contracts/enrollment/events.js';
import { legacyFromDetails, participantDetailsOf } from '../../../contracts/enrollment/participants.js';
import type { Command } from './commands.js';
import type { Decisions } from './decision.js';
import type { EnrollmentState } from './enrollment-state.js';
import { refuse } from './refusals.js';

/** Phase none: nothing on the stream yet. An enrollment begins submitted, or as a place moved out of another booking. */
export function submitEnrollment(command: Command<'SubmitEnrollment'>, state: EnrollmentState): EnrollmentEvent[] {
  if (state.status !== 'none') throw refuse({ code: 'already_submitted' });
  return [{ type: 'EnrollmentSubmitted', data: command.submission }];
}

/** The place's own submission: the family's form with this participant alone, the target as bought. */
function placeSubmission(command: Command<'OpenTransferredPlace'>, paid: boolean): EnrollmentSubmitted {
  const { from, transfer: t, at } = command;
  const detail = participantDetailsOf(from.form)[t.participant]!;
  const cents = t.carriedCents;
  return {
    enrollmentId: t.newEnrollmentId,
    workshopId: t.toWorkshopId,
    programId: null,
    form: { ...from.form, participants: 1, ...legacyFromDetails([detail]), participantDetails: [detail] },
    item: t.item,
    participants: 1,
    attendees: [t.name],
    subtotalCents: cents,
    taxCents: 0,
    amountCents: cents,
    currency: 'usd',
    isFree: cents === 0,
    holdExpiresAt: null,
    test: false,
    submittedAt: at,
    splitFrom: {
      enrollmentId: from.enrollmentId,
      participant: t.participant,
      paymentIntentId: paid ? command.paymentIntentId : null,
      paidCents: paid ? cents : 0,
      paidAt: at,
    },
  };
}

/**
 * The place's own booking in the target, confirmed at once (the seat is taken already, the money
 * came with the place), so the parent gets its confirmation e-mail and booking link like any
 * booking. Opened once: a second delivery finds the stream written.
 */
export function openTransferredPlace(
  command: Command<'OpenTransferredPlace'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  if (state.status !== 'none') return [];
  const { transfer: t, at } = command;
  const enrollmentId = t.newEnrollmentId;
  const paid = t.carriedCents > 0 && command.paymentIntentId !== null;
  return [
    { type: 'EnrollmentSubmitted', data: placeSubmission(command, paid) },
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId,
        orderId: orderIdFor(paid ? 'paid' : 'free', enrollmentId),
        orderReference: orderReferenceFor(new Date(at)),
        paymentMethod: paid ? 'Credit Card' : 'Free Enrollment',
        amountCents: t.carriedCents,
        paymentIntentId: paid ? command.paymentIntentId : null,
        confirmedAt: at,
      },
    },
  ];
}

export const newDecisions = {
  SubmitEnrollment: submitEnrollment,
  OpenTransferredPlace: openTransferredPlace,
} satisfies Partial<Decisions>;
