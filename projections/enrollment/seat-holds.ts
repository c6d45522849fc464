import type { Projector } from '../projector.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';

/** A seat hold not yet confirmed or released: what the expiry process watches. */
export interface SeatHoldDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  workshopId: string;
  seats: number;
  /** ISO instant in UTC (Z), so that sorting the strings sorts the instants. */
  expiresAt: string;
}

/**
 * `seat-holds`: live holds by enrollment id, from the workshop streams. A hold appears with
 * SeatsReserved and disappears with SeatsConfirmed or SeatsReleased. Holds whose enrollment was
 * never recorded (a crash between the two appends) are here too, so they expire as well.
 */
export const seatHoldsProjector: Projector<SeatHoldDoc> = {
  name: 'seat-holds',
  collection: 'seat-holds',
  // The reactor takes the holds that expire first.
  indexes: [[{ field: 'expiresAt' }]],
  eventTypes: ['SeatsReserved', 'SeatsReleased', 'SeatsConfirmed'],
  keys: (event) => [(event as unknown as Extract<WorkshopEvent, { type: 'SeatsReserved' }>).data.enrollmentId],
  project(_doc, event) {
    const e = event as unknown as WorkshopEvent;
    switch (e.type) {
      case 'SeatsReserved':
        return {
          id: e.data.enrollmentId,
          enrollmentId: e.data.enrollmentId,
          workshopId: e.data.workshopId,
          seats: e.data.seats,
          expiresAt: new Date(e.data.expiresAt).toISOString(),
        };
      case 'SeatsReleased':
      case 'SeatsConfirmed':
        return null;
      default:
        return undefined;
    }
  },
};
