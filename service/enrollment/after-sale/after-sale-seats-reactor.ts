import { enrollmentIdOf, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { giveBackCancelledSeats, giveBackParticipantSeats } from './cancel.js';
import { settleTransfer } from './transfer.js';

type SeatWork = Extract<
  EnrollmentEvent,
  {
    type:
      | 'EnrollmentCancelled'
      | 'ParticipantCancelled'
      | 'TransferRequested'
      | 'EnrollmentTransferred'
      | 'TransferAbandoned';
  }
>;

export const AFTER_SALE_SEATS_REACTOR = 'after-sale-seats';

/**
 * The seats that follow from after-sale decisions, whatever happened to the request that made them:
 * a cancellation's seats go back (one participant's seat, when one of several left); a transfer is brought to one outcome (seats in the target and
 * given back in the source, or left in the source) even when the process that started it died
 * between its writes. Every step is idempotent and decided from the enrollment's current state, so
 * a delivery after the request already did the work changes nothing.
 */
export function afterSaleSeatsReactor(deps: AppDeps) {
  return defineReactor<SeatWork>({
    name: AFTER_SALE_SEATS_REACTOR,
    eventTypes: [
      'EnrollmentCancelled',
      'ParticipantCancelled',
      'TransferRequested',
      'EnrollmentTransferred',
      'TransferAbandoned',
    ],
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      if (event.type === 'EnrollmentCancelled') {
        const { reason } = event.data;
        if (reason === 'cancelled-by-admin' || reason === 'cancelled-by-visitor')
          await giveBackCancelledSeats(deps, enrollmentId, metadata);
        return;
      }
      if (event.type === 'ParticipantCancelled') {
        await giveBackParticipantSeats(deps, enrollmentId, metadata);
        return;
      }
      await settleTransfer(deps, enrollmentId, event.data.transferId, metadata);
    },
  });
}
