import { defineProjector } from '../../platform/processor/projector.js';
import { enrollmentIdOf, type EnrollmentEvent } from '../../contracts/enrollment/events.js';

/** An enrollment that is to get its reminder before its workshop, once confirmed. */
export interface ReminderDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  workshopId: string | null;
  /** The workshop's start, ISO in UTC (Z), so that sorting the strings sorts the instants. */
  startsAt: string;
  /** The UTC day of the start (YYYY-MM-DD): the reminder job asks for the few days its window spans. */
  startsOn: string;
  confirmed: boolean;
  orderId: string | null;
  confirmedAt: string | null;
}

type ReminderEvent = Extract<
  EnrollmentEvent,
  {
    type:
      | 'EnrollmentSubmitted'
      | 'EnrollmentConfirmed'
      | 'EnrollmentExpired'
      | 'EnrollmentCancelled'
      | 'RefundIssued'
      | 'EnrollmentTransferred'
      | 'BookingRescheduled'
      | 'ReminderSent';
  }
>;

/**
 * `reminders`: the enrollments still owed a reminder, read by the reminder job. A workshop
 * enrollment with a date appears when submitted and counts once confirmed; it leaves when its
 * reminder is recorded or when it ends (expired, cancelled, refunded), so the job never writes to
 * a cancelled booking. Programs (no date) and test-page enrollments never appear.
 *
 * A transfer moves `startsAt` and `startsOn` to the new workshop, and a move of the workshop by
 * the school (BookingRescheduled) to its new start. One moved after its reminder left gets no
 * second one: the transfer or new-date e-mail carries the new date and calendar file.
 */
export const remindersProjector = defineProjector<ReminderEvent, ReminderDoc>({
  name: 'reminders',
  collection: 'reminders',
  indexes: [[{ field: 'confirmed' }, { field: 'startsOn' }, { field: 'startsAt' }]],
  eventTypes: [
    'EnrollmentSubmitted',
    'EnrollmentConfirmed',
    'EnrollmentExpired',
    'EnrollmentCancelled',
    'RefundIssued',
    'EnrollmentTransferred',
    'BookingRescheduled',
    'ReminderSent',
  ],
  keys: (event) => [enrollmentIdOf(event)],
  project(doc, e) {
    switch (e.type) {
      case 'EnrollmentSubmitted': {
        const { item, test, enrollmentId, workshopId } = e.data;
        if (test || item.kind !== 'workshop' || !item.date) return undefined;
        const startsAt = new Date(item.date).toISOString();
        return {
          id: enrollmentId,
          enrollmentId,
          workshopId,
          startsAt,
          startsOn: startsAt.slice(0, 10),
          confirmed: false,
          orderId: null,
          confirmedAt: null,
        };
      }
      case 'EnrollmentConfirmed':
        return doc ? { ...doc, confirmed: true, orderId: e.data.orderId, confirmedAt: e.data.confirmedAt } : undefined;
      case 'EnrollmentTransferred': {
        if (!doc || !e.data.item.date) return doc ? null : undefined;
        const startsAt = new Date(e.data.item.date).toISOString();
        return { ...doc, workshopId: e.data.toWorkshopId, startsAt, startsOn: startsAt.slice(0, 10) };
      }
      case 'BookingRescheduled': {
        // The school moved the workshop: the reminder is due before the new start.
        if (!doc || !e.data.item.date) return doc ? null : undefined;
        const startsAt = new Date(e.data.item.date).toISOString();
        return { ...doc, startsAt, startsOn: startsAt.slice(0, 10) };
      }
      case 'RefundIssued':
        // Only the refund of a late payment ends the booking; an after-sale one (a transfer's
        // difference, a cancellation's refund) leaves that to its own events.
        return doc && !e.data.refundKey ? null : undefined;
      default:
        // Reminded, or no longer a booking: nothing more to send.
        return doc ? null : undefined;
    }
  },
});
