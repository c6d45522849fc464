import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { WorkshopCommand } from '../../catalogue/workshop-decider.js';
import type { EnrollmentCommand } from '../decider/commands.js';
import { enrollmentInitialState, type EnrollmentState } from '../decider/enrollment-decider.js';
import { evolveEnrollment } from '../decider/evolve.js';
import { cancellationOf, hasSale, paymentOf } from '../decider/enrollment-state.js';
import { leftParticipantIndexes, stayingParticipants } from '../decider/participants.js';

/**
 * The seats that follow a booking's after-sale decisions, as one workflow in Emmett's shape
 * (`initialState`, `evolve`, `decide`), run by the `after-sale-seats` reactor where the effects
 * run. Its state is the booking as its own stream tells it (the enrollment's evolve), its inputs
 * the booking's events, its outputs commands to the workshops' streams and the bookings':
 * - a transfer requested: the seats taken in the target, then the transfer completed (a participant
 *   moved: their own booking opened there first), or, the target refusing, abandoned;
 * - a transfer ended: the seats of the workshop that lost given back (the source when completed, the
 *   target when abandoned: seats a late runner took there);
 * - a cancellation, of the booking or of one participant: its seats given back, held or sold.
 * Every command is idempotent on its stream, and each is decided on the booking as it stands when
 * the input is handled, so a delivery again repeats nothing.
 */

export type SeatsInput =
  | EnrollmentEvent
  /** The target workshop refused the seats of a transfer (full, begun, removed), in its words. */
  | { type: 'SeatsRefused'; data: { transferId: string; reason: string } };

export type SeatsOutput =
  | { to: 'workshop'; workshopId: string; command: WorkshopCommand }
  | { to: 'enrollment'; enrollmentId: string; command: EnrollmentCommand };

const giveBack = (
  workshopId: string,
  enrollmentId: string,
  reason: 'cancelled' | 'transferred',
  keep?: { keep: number; leaving: number[] },
): SeatsOutput => ({
  to: 'workshop',
  workshopId,
  command: { type: 'GiveBackSeats', workshopId, enrollmentId, reason, ...keep },
});

/** A transfer still pending on the booking: its seats taken in the target, then its outcome recorded. */
function settlePending(enrollmentId: string, state: EnrollmentState, transferId: string, at: string): SeatsOutput[] {
  const pending = hasSale(state) && state.transfer?.transferId === transferId ? state.transfer : null;
  if (!pending) return [];
  const moved = pending.participant;
  const seats: SeatsOutput = {
    to: 'workshop',
    workshopId: pending.toWorkshopId,
    command: {
      type: 'TakeTransferSeats',
      workshopId: pending.toWorkshopId,
      enrollmentId: moved ? moved.newEnrollmentId : enrollmentId,
      seats: moved ? 1 : pending.seats,
      at,
    },
  };
  if (!moved) return [seats, { to: 'enrollment', enrollmentId, command: { type: 'CompleteTransfer', transferId, at } }];
  if (!state.submission) return [];
  const opened: SeatsOutput = {
    to: 'enrollment',
    enrollmentId: moved.newEnrollmentId,
    command: {
      type: 'OpenTransferredPlace',
      from: state.submission,
      transfer: {
        participant: moved.index,
        name: moved.name,
        newEnrollmentId: moved.newEnrollmentId,
        toWorkshopId: pending.toWorkshopId,
        item: pending.item,
        carriedCents: pending.amountCents,
        ...(moved.placeLines ? { placeLines: moved.placeLines } : {}),
      },
      paymentIntentId: paymentOf(state)?.intentId ?? null,
      at,
    },
  };
  return [
    seats,
    opened,
    { to: 'enrollment', enrollmentId, command: { type: 'CompleteParticipantTransfer', transferId, at } },
  ];
}

/** A transfer that ended: the seats of the workshop that lost go back, once. */
function settleEnded(enrollmentId: string, state: EnrollmentState, transferId: string): SeatsOutput[] {
  const ended = hasSale(state) ? state.transfersEnded[transferId] : undefined;
  if (!ended || !hasSale(state)) return [];
  if (ended.newEnrollmentId) {
    if (ended.outcome !== 'completed') return [giveBack(ended.toWorkshopId, ended.newEnrollmentId, 'transferred')];
    if (state.workshopId !== ended.fromWorkshopId) return [];
    return [
      giveBack(ended.fromWorkshopId, enrollmentId, 'transferred', {
        keep: stayingParticipants(state).length,
        leaving: leftParticipantIndexes(state),
      }),
    ];
  }
  const loser = ended.outcome === 'completed' ? ended.fromWorkshopId : ended.toWorkshopId;
  return loser && state.workshopId !== loser ? [giveBack(loser, enrollmentId, 'transferred')] : [];
}

/** A cancelled booking's seats, held or sold; one participant gone, the seats down to those still coming. */
function cancelled(enrollmentId: string, state: EnrollmentState, whole: boolean): SeatsOutput[] {
  if (!state.submission || !state.workshopId) return [];
  if (cancellationOf(state)) return [giveBack(state.workshopId, enrollmentId, 'cancelled')];
  if (whole || state.status !== 'confirmed') return [];
  return [
    giveBack(state.workshopId, enrollmentId, 'cancelled', {
      keep: stayingParticipants(state).length,
      leaving: leftParticipantIndexes(state),
    }),
  ];
}

export function decideSeats(input: SeatsInput, state: EnrollmentState, enrollmentId: string, now: Date): SeatsOutput[] {
  const at = now.toISOString();
  switch (input.type) {
    case 'TransferRequested':
    case 'ParticipantTransferRequested':
      return settlePending(enrollmentId, state, input.data.transferId, at);
    case 'EnrollmentTransferred':
    case 'ParticipantTransferred':
    case 'TransferAbandoned':
      return settleEnded(enrollmentId, state, input.data.transferId);
    case 'SeatsRefused': {
      const { transferId, reason } = input.data;
      const pending = hasSale(state) && state.transfer?.transferId === transferId;
      return pending
        ? [{ to: 'enrollment', enrollmentId, command: { type: 'AbandonTransfer', transferId, reason, at } }]
        : [];
    }
    case 'EnrollmentCancelled': {
      const { reason } = input.data;
      return reason === 'cancelled-by-admin' || reason === 'cancelled-by-visitor'
        ? cancelled(enrollmentId, state, true)
        : [];
    }
    case 'ParticipantCancelled':
      return cancelled(enrollmentId, state, false);
    default:
      return [];
  }
}

/** The workflow as one object, as Emmett's workflows are: the booking's own evolve is its state's. */
export const seatsWorkflow = {
  initialState: enrollmentInitialState,
  evolve: evolveEnrollment,
  decide: decideSeats,
};
