import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale } from '../decider/enrollment-state.js';
import { giveBackCancelledSeats, giveBackParticipantSeats } from './cancel.js';
import { settleParticipantTransfer } from './participant-transfer.js';
import { settleTransfer } from './transfer.js';

type SeatWork = Extract<
  EnrollmentEvent,
  {
    type:
      | 'EnrollmentCancelled'
      | 'ParticipantCancelled'
      | 'TransferRequested'
      | 'EnrollmentTransferred'
      | 'ParticipantTransferRequested'
      | 'ParticipantTransferred'
      | 'TransferAbandoned';
  }
>;

export const AFTER_SALE_SEATS_REACTOR = 'after-sale-seats';

/**
 * The seats that follow from after-sale decisions, whatever happened to the request that made them:
 * a cancellation's seats go back (one participant's seat, when one of several left); a transfer,
 * of the booking or of one participant, is brought to one outcome (seats in the target and given
 * back in the source, or left in the source) even when the process that started it died between
 * its writes. Every step is idempotent and decided from the enrollment's current state, so a
 * delivery after the request already did the work changes nothing.
 */
export function afterSaleSeatsReactor(deps: AppDeps) {
  return defineReactor<SeatWork>({
    name: AFTER_SALE_SEATS_REACTOR,
    eventTypes: [
      'EnrollmentCancelled',
      'ParticipantCancelled',
      'TransferRequested',
      'EnrollmentTransferred',
      'ParticipantTransferRequested',
      'ParticipantTransferred',
      'TransferAbandoned',
    ],
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      switch (event.type) {
        case 'EnrollmentCancelled': {
          const { reason } = event.data;
          if (reason === 'cancelled-by-admin' || reason === 'cancelled-by-visitor')
            await giveBackCancelledSeats(deps, enrollmentId, metadata);
          return;
        }
        case 'ParticipantCancelled':
          await giveBackParticipantSeats(deps, enrollmentId, metadata);
          return;
        case 'ParticipantTransferRequested':
        case 'ParticipantTransferred':
          await settleParticipantTransfer(deps, enrollmentId, event.data.transferId, metadata);
          return;
        case 'TransferAbandoned': {
          const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
          const { transferId } = event.data;
          if (hasSale(state) && state.transfersEnded[transferId]?.newEnrollmentId)
            await settleParticipantTransfer(deps, enrollmentId, transferId, metadata);
          else await settleTransfer(deps, enrollmentId, transferId, metadata);
          return;
        }
        default:
          await settleTransfer(deps, enrollmentId, event.data.transferId, metadata);
      }
    },
  });
}
