import type { SessionSeatEvent } from '../../contracts/catalogue/events.js';
import type { MakeupCreditEvent } from '../../contracts/courses/events.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { grantAbsenceCredit, releaseMakeupsOfCancelled, releaseStaleSeat, settleMakeup } from './makeups.js';

type MakeupWork =
  | Extract<SessionSeatEvent, { type: 'AbsenceReported' | 'MakeupSeatTaken' }>
  | Extract<EnrollmentEvent, { type: 'EnrollmentCancelled' | 'ParticipantCancelled' }>
  | Extract<MakeupCreditEvent, { type: 'MakeupBooked' | 'MakeupCancelled' }>;

export const MAKEUPS_REACTOR = 'makeups';

/**
 * What follows from the make-up decisions, whatever happened to the request that made them: an
 * absence gets its credit; a booked credit gets its seat (or its booking cancelled when the session
 * refuses it); a seat held for a credit that is not booked there any more (cancelled, refused, or
 * a crash between the two writes) is given back; a booking cancelled as a whole, or one child's
 * place, gives back the make-up seats its credits hold. Every step is idempotent and decided from the
 * streams as they are now, so a delivery after the request did the work changes nothing.
 */
export function makeupsReactor(deps: AppDeps) {
  return defineReactor<MakeupWork>({
    name: MAKEUPS_REACTOR,
    eventTypes: [
      'AbsenceReported',
      'MakeupSeatTaken',
      'MakeupBooked',
      'MakeupCancelled',
      'EnrollmentCancelled',
      'ParticipantCancelled',
    ],
    async handle(event, { metadata }) {
      switch (event.type) {
        case 'EnrollmentCancelled':
          // The booking's credits as the read model has them once it has read this far (bounded wait).
          await deps.projections.waitFor(event.position, ['makeup-credits'], 2_000);
          await releaseMakeupsOfCancelled(deps, event.data.enrollmentId, metadata);
          return;
        case 'ParticipantCancelled':
          await deps.projections.waitFor(event.position, ['makeup-credits'], 2_000);
          await releaseMakeupsOfCancelled(deps, event.data.enrollmentId, metadata, event.data.participant);
          return;
        case 'AbsenceReported':
          await grantAbsenceCredit(deps, event.data.workshopId, event.data, metadata);
          return;
        case 'MakeupBooked':
          await settleMakeup(deps, event.data.creditId, metadata);
          return;
        case 'MakeupCancelled':
        case 'MakeupSeatTaken':
          await releaseStaleSeat(deps, event.data.creditId, event.data.workshopId, metadata);
          return;
      }
    },
  });
}
