import type { SessionSeatEvent } from '../../contracts/catalogue/events.js';
import type { MakeupCreditEvent } from '../../contracts/courses/events.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { voidReasonNow } from './credit-standing.js';
import { grantAbsenceCredit, releaseStaleSeat, settleMakeup } from './makeups.js';
import { voidCredit, voidCreditsOf } from './void-credits.js';

type MakeupWork =
  | Extract<SessionSeatEvent, { type: 'AbsenceReported' | 'MakeupSeatTaken' }>
  | Extract<
      EnrollmentEvent,
      { type: 'EnrollmentCancelled' | 'ParticipantCancelled' | 'EnrollmentTransferred' | 'ParticipantTransferred' }
    >
  | Extract<
      MakeupCreditEvent,
      { type: 'MakeupCreditGranted' | 'MakeupBooked' | 'MakeupCancelled' | 'MakeupCreditVoided' }
    >;

export const MAKEUPS_REACTOR = 'makeups';

/**
 * What follows from the make-up decisions, whatever happened to the request that made them: an
 * absence gets its credit; a booked credit gets its seat (or its booking cancelled when the session
 * refuses it); a seat held for a credit that is not booked there any more (cancelled, refused,
 * voided, or a crash between the two writes) is given back. A booking cancelled or moved as a
 * whole, or one child's place, voids the credits of that place (issue 36): a credit that was
 * booked into a session not begun gives its seat back with it. A credit granted to a place already
 * gone (an absence decided as the cancellation was) is voided as it is granted. Every step is
 * idempotent and decided from the streams as they are now, so a delivery after the request did the
 * work changes nothing.
 */
export function makeupsReactor(deps: AppDeps) {
  return defineReactor<MakeupWork>({
    name: MAKEUPS_REACTOR,
    eventTypes: [
      'AbsenceReported',
      'MakeupSeatTaken',
      'MakeupCreditGranted',
      'MakeupBooked',
      'MakeupCancelled',
      'MakeupCreditVoided',
      'EnrollmentCancelled',
      'ParticipantCancelled',
      'EnrollmentTransferred',
      'ParticipantTransferred',
    ],
    async handle(event, { metadata }) {
      const { position } = event;
      switch (event.type) {
        case 'EnrollmentCancelled': {
          const { enrollmentId } = event.data;
          await voidCreditsOf(deps, { enrollmentId, reason: 'booking-cancelled', position }, metadata);
          return;
        }
        case 'EnrollmentTransferred': {
          // The credits of the class it left; those of the class it joined (granted later) stand.
          const { enrollmentId, fromWorkshopId, transferredAt } = event.data;
          const from = { workshopId: fromWorkshopId, grantedBy: transferredAt };
          await voidCreditsOf(deps, { enrollmentId, reason: 'booking-transferred', position, from }, metadata);
          return;
        }
        case 'ParticipantCancelled': {
          const { enrollmentId, participant } = event.data;
          await voidCreditsOf(deps, { enrollmentId, participant, reason: 'place-cancelled', position }, metadata);
          return;
        }
        case 'ParticipantTransferred': {
          const { enrollmentId, participant } = event.data;
          await voidCreditsOf(deps, { enrollmentId, participant, reason: 'place-transferred', position }, metadata);
          return;
        }
        case 'MakeupCreditGranted': {
          const gone = await voidReasonNow(deps, event.data.enrollmentId, event.data);
          if (gone) await voidCredit(deps, event.data.creditId, gone, metadata);
          return;
        }
        case 'AbsenceReported':
          await grantAbsenceCredit(deps, event.data.workshopId, event.data, metadata);
          return;
        case 'MakeupBooked':
          await settleMakeup(deps, event.data.creditId, metadata);
          return;
        case 'MakeupCreditVoided':
          if (event.data.booking)
            await releaseStaleSeat(deps, event.data.creditId, event.data.booking.workshopId, metadata);
          return;
        case 'MakeupCancelled':
        case 'MakeupSeatTaken':
          await releaseStaleSeat(deps, event.data.creditId, event.data.workshopId, metadata);
          return;
      }
    },
  });
}
