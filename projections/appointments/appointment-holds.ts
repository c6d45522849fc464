import { defineProjector } from '../../platform/processor/projector.js';
import type { CalendarEvent } from '../../contracts/instructors/calendar.js';
import { CALENDAR_STREAM_PREFIX } from '../../contracts/instructors/calendar.js';

export const APPOINTMENT_HOLDS = 'appointment-holds';

/** An appointment's time held until it is paid, by when its hold lapses (UTC, so it sorts across an offset change). */
export interface AppointmentHoldDoc {
  [field: string]: unknown;
  id: string;
  instructorId: string;
  expiresAt: string;
}

type HoldEvent = Extract<
  CalendarEvent,
  { type: 'AppointmentSlotHeld' | 'AppointmentSlotBooked' | 'AppointmentSlotReleased' }
>;

/**
 * `appointment-holds`: the appointments whose time is held until a payment, by expiry, for the
 * appointment hold timer; gone once the time is booked or given back.
 */
export const appointmentHoldsProjector = defineProjector<HoldEvent, AppointmentHoldDoc>({
  name: APPOINTMENT_HOLDS,
  collection: APPOINTMENT_HOLDS,
  indexes: [[{ field: 'expiresAt' }]],
  eventTypes: ['AppointmentSlotHeld', 'AppointmentSlotBooked', 'AppointmentSlotReleased'],
  keys: (e) => [e.data.appointmentId],
  project(doc, e, id) {
    if (!e.streamId.startsWith(CALENDAR_STREAM_PREFIX)) return undefined;
    if (e.type !== 'AppointmentSlotHeld') return doc ? null : undefined;
    if (e.data.expiresAt === null) return undefined;
    return { id, instructorId: e.data.instructorId, expiresAt: new Date(e.data.expiresAt).toISOString() };
  },
});
