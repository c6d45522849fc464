import type { Decider } from '../../platform/command/decider.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import {
  takenAfter,
  workshopDecider,
  type WorkshopCommand,
  type WorkshopState,
} from '../catalogue/workshop-decider.js';

/**
 * The workshop decider for the seat writer, with one change: seat events update the state in
 * place. The catalogue decider copies the whole holds map on every event (pure, but O(holds)),
 * which makes a busy workshop's fold quadratic; the writer owns its state privately (folded from
 * a fresh copy, dropped on any failed append), so it can skip the copies. Every rule and every
 * other event stays the catalogue decider's; a unit test checks both folds agree.
 */
function dropFreeSeats(state: WorkshopState, enrollmentId: string): void {
  const counted = state.freeSeatsOf[enrollmentId];
  if (!counted) return;
  for (const key of counted.keys) state.freeSeatsBy[key] = (state.freeSeatsBy[key] ?? 0) - counted.seats;
  delete state.freeSeatsOf[enrollmentId];
}

export const seatLedgerDecider: Decider<WorkshopCommand, WorkshopEvent, WorkshopState> = {
  get initialState() {
    return structuredClone(workshopDecider.initialState);
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SeatsReserved':
        state.taken = takenAfter(
          state,
          event.data.enrollmentId,
          event.data.seats + (state.confirmed[event.data.enrollmentId] ?? 0),
        );
        state.holds[event.data.enrollmentId] = event.data.seats;
        state.expiries[event.data.enrollmentId] = event.data.expiresAt;
        if (event.data.freeSeatKeys?.length) {
          const { freeSeatKeys: keys, seats } = event.data;
          for (const key of keys) state.freeSeatsBy[key] = (state.freeSeatsBy[key] ?? 0) + seats;
          state.freeSeatsOf[event.data.enrollmentId] = { keys, seats };
        }
        return state;
      case 'SeatsReleased':
        if (
          state.holds[event.data.enrollmentId] === undefined &&
          state.confirmed[event.data.enrollmentId] !== undefined
        ) {
          // After the sale: sold seats given back (a cancellation, a transfer's source).
          state.taken -= state.confirmed[event.data.enrollmentId]!;
          delete state.confirmed[event.data.enrollmentId];
          dropFreeSeats(state, event.data.enrollmentId);
          return state;
        }
        state.taken -= state.holds[event.data.enrollmentId] ?? 0;
        delete state.holds[event.data.enrollmentId];
        delete state.expiries[event.data.enrollmentId];
        dropFreeSeats(state, event.data.enrollmentId);
        return state;
      case 'SeatsConfirmed':
        state.taken = takenAfter(state, event.data.enrollmentId, event.data.seats);
        delete state.holds[event.data.enrollmentId];
        state.confirmed[event.data.enrollmentId] = event.data.seats;
        delete state.expiries[event.data.enrollmentId];
        return state;
      default:
        return workshopDecider.evolve(state, event);
    }
  },
  decide: (command, state) => workshopDecider.decide(command, state),
};
