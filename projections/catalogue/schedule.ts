import { defineProjector } from '../../platform/processor/projector.js';
import { enrollmentSpotsLeft, type Workshop } from '../../contracts/catalogue/workshop.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';

/** The schedule: each workshop with the seats taken (held or confirmed) and the spots left. */
export const scheduleProjector = defineProjector<WorkshopEvent, Workshop>({
  name: 'schedule',
  collection: 'schedule',
  // The schedule by date.
  indexes: [[{ field: 'date' }]],
  eventTypes: [
    'WorkshopScheduled',
    'WorkshopUpdated',
    'WorkshopRemoved',
    'SeatsReserved',
    'SeatsReleased',
    'SeatsConfirmed',
    'AbsenceReported',
    'MakeupSeatTaken',
    'MakeupSeatReleased',
  ],
  keys: (e) => {
    switch (e.type) {
      case 'WorkshopScheduled':
      case 'WorkshopUpdated':
        return [e.data.workshop.id];
      default:
        return [e.data.workshopId];
    }
  },
  project(doc, e) {
    const withSeats = (w: Omit<Workshop, 'spotsLeft' | 'seatsTaken'>, taken: number): Workshop => {
      const seats = { ...w, seatsTaken: taken };
      return { ...seats, spotsLeft: enrollmentSpotsLeft(seats) };
    };
    /** The per-session list `field` with `by` added at `session` (1-based). */
    const bumped = (w: Workshop, field: 'sessionAbsences' | 'sessionMakeups', session: number, by: number) => {
      const list = [...(w[field] ?? [])];
      while (list.length < session) list.push(0);
      list[session - 1] = Math.max(0, list[session - 1]! + by);
      return withSeats({ ...w, [field]: list }, w.seatsTaken);
    };
    switch (e.type) {
      case 'WorkshopScheduled':
        return { ...withSeats(e.data.workshop, 0), scheduledAt: e.metadata.at };
      case 'WorkshopUpdated':
        return {
          ...withSeats(
            {
              ...e.data.workshop,
              ...(doc?.sessionAbsences ? { sessionAbsences: doc.sessionAbsences } : {}),
              ...(doc?.sessionMakeups ? { sessionMakeups: doc.sessionMakeups } : {}),
            },
            doc?.seatsTaken ?? 0,
          ),
          ...(doc?.scheduledAt ? { scheduledAt: doc.scheduledAt } : {}),
        };
      case 'WorkshopRemoved':
        return null;
      case 'SeatsReserved':
        return doc ? withSeats(doc, doc.seatsTaken + e.data.seats) : undefined;
      case 'SeatsReleased':
        return doc ? withSeats(doc, Math.max(0, doc.seatsTaken - e.data.seats)) : undefined;
      case 'SeatsConfirmed':
        // A confirmation turns a hold into a sale: the seats were already counted when held.
        return undefined;
      case 'AbsenceReported':
        return doc ? bumped(doc, 'sessionAbsences', e.data.session, 1) : undefined;
      case 'MakeupSeatTaken':
        return doc ? bumped(doc, 'sessionMakeups', e.data.session, 1) : undefined;
      case 'MakeupSeatReleased':
        return doc ? bumped(doc, 'sessionMakeups', e.data.session, -1) : undefined;
    }
  },
});
