import { defineProjector } from '../../platform/processor/projector.js';
import type { CheckoutHolds, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';

/** A seat hold not yet confirmed or released: what the expiry process watches. */
export interface SeatHoldDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  workshopId: string;
  seats: number;
  /** ISO instant in UTC (Z), so that sorting the strings sorts the instants. */
  expiresAt: string;
  /** Its EnrollmentSubmitted has been seen. */
  submitted?: boolean;
  /**
   * The seats are gone (replaced by the same parent's newer hold) but the enrollment may still be
   * pending: kept until the enrollment ends, so that the hold timer ends it at this expiry at the latest.
   */
  released?: boolean;
  /** The seats are held for a waitlist offer (id `offer-<entryId>`), not for an enrollment. */
  offer?: boolean;
  /** What the checkout holding the seats asked of other streams: given back if it is never recorded. */
  checkout?: CheckoutHolds;
}

type SeatEvent = Extract<WorkshopEvent, { type: 'SeatsReserved' | 'SeatsReleased' | 'SeatsConfirmed' }>;
type EnrollmentEnd = Extract<
  EnrollmentEvent,
  { type: 'EnrollmentCancelled' | 'EnrollmentExpired' | 'EnrollmentConfirmed' | 'RefundIssued' }
>;
type SeatHoldEvent = SeatEvent | Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }> | EnrollmentEnd;

const ENROLLMENT_ENDS: readonly EnrollmentEnd['type'][] = [
  'EnrollmentCancelled',
  'EnrollmentExpired',
  'EnrollmentConfirmed',
  'RefundIssued',
];
const ends = (e: SeatHoldEvent): e is EnrollmentEnd => (ENROLLMENT_ENDS as readonly string[]).includes(e.type);

/**
 * `seat-holds`: live holds by enrollment id, from the workshop streams. A hold appears with
 * SeatsReserved and disappears with SeatsConfirmed or SeatsReleased. Holds whose enrollment was
 * never recorded (a crash between the two appends) are here too, so they expire as well.
 *
 * A hold replaced by the same parent's newer one stays, marked `released`, while its enrollment
 * may still be pending: the request that replaced it ends that enrollment at once, and when it
 * could not (its enrollment was recorded only after the replacement, or the request failed), the
 * hold timer expires it at the hold's time. It leaves with the enrollment's end. A replaced hold whose
 * enrollment was never recorded leaves at once, and an enrollment recorded after its hold was
 * already replaced gets a `released` entry then.
 */
export const seatHoldsProjector = defineProjector<SeatHoldEvent, SeatHoldDoc>({
  name: 'seat-holds',
  collection: 'seat-holds',
  // The hold timer takes the holds that expire first.
  indexes: [[{ field: 'expiresAt' }]],
  eventTypes: ['SeatsReserved', 'SeatsReleased', 'SeatsConfirmed', 'EnrollmentSubmitted', ...ENROLLMENT_ENDS],
  keys: (event) => [event.data.enrollmentId],
  project(doc, e) {
    if (ends(e)) return doc?.released ? null : undefined;
    switch (e.type) {
      case 'EnrollmentSubmitted': {
        if (doc) return { ...doc, submitted: true };
        const { enrollmentId, workshopId, participants, holdExpiresAt } = e.data;
        // A workshop enrollment recorded after its hold was already replaced.
        if (!workshopId || !holdExpiresAt) return undefined;
        return {
          id: enrollmentId,
          enrollmentId,
          workshopId,
          seats: participants,
          expiresAt: new Date(holdExpiresAt).toISOString(),
          submitted: true,
          released: true,
        };
      }
      case 'SeatsReserved':
        // An invoice's seats are held until its due date and end with the invoice (the invoicing
        // workflow), never by the hold timer.
        if (e.data.invoiceId) return undefined;
        return {
          id: e.data.enrollmentId,
          enrollmentId: e.data.enrollmentId,
          workshopId: e.data.workshopId,
          seats: e.data.seats,
          expiresAt: new Date(e.data.expiresAt).toISOString(),
          ...(e.data.waitlistEntryId ? { offer: true } : {}),
          ...(e.data.checkout ? { checkout: e.data.checkout } : {}),
        };
      case 'SeatsReleased':
        return e.data.reason === 'replaced' && doc?.submitted ? { ...doc, released: true } : null;
      case 'SeatsConfirmed':
        return null;
      default:
        return undefined;
    }
  },
});
