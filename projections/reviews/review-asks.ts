import { defineProjector } from '../../platform/processor/projector.js';
import {
  enrollmentIdOf,
  itemSessions,
  type EnrollmentEvent,
  type PurchasedItem,
} from '../../contracts/enrollment/events.js';
import type { ReviewEvent } from '../../contracts/reviews/events.js';

/** A workshop booking not yet asked for its review: the review timer's list. No personal data. */
export interface ReviewAskDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  /** The end of the booking's last session, ISO in UTC (Z), so that sorting the strings sorts the instants. */
  endsAt: string;
  /** Its UTC day (YYYY-MM-DD): the timer asks for the few days its window spans. */
  endsOn: string;
  confirmed: boolean;
  /** Some participant was once marked present (the decider has the last word: a mark can be undone). */
  marked: boolean;
  /** The last mark's time: a booking found with nobody present is looked at again only after a new mark. */
  markedAt: string | null;
}

type Event =
  | Extract<
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
          | 'AttendanceMarked';
      }
    >
  | Extract<ReviewEvent, { type: 'ReviewRequested' }>;

/** The end of the last session, or null for an item without sessions (a program, a test page). */
function lastEnd(item: Pick<PurchasedItem, 'kind' | 'date' | 'time' | 'sessions'>): string | null {
  if (item.kind !== 'workshop') return null;
  const last = itemSessions(item).at(-1);
  return last ? new Date(last.endsAt).toISOString() : null;
}

const ended = (doc: ReviewAskDoc, item: Parameters<typeof lastEnd>[0]): ReviewAskDoc | null => {
  const endsAt = lastEnd(item);
  return endsAt ? { ...doc, endsAt, endsOn: endsAt.slice(0, 10) } : null;
};

/**
 * `review-asks`: the workshop bookings still to be asked for a review once their last session has
 * ended (service/reviews/review-ask-timer.ts). A booking appears when submitted, is confirmed,
 * follows a transfer or a new date to its new last session, learns that someone was marked
 * present, and leaves when it is asked (ReviewRequested) or no longer stands.
 */
export const reviewAsksProjector = defineProjector<Event, ReviewAskDoc>({
  name: 'review-asks',
  collection: 'review-asks',
  indexes: [[{ field: 'confirmed' }, { field: 'marked' }, { field: 'endsOn' }, { field: 'endsAt' }]],
  eventTypes: [
    'EnrollmentSubmitted',
    'EnrollmentConfirmed',
    'EnrollmentExpired',
    'EnrollmentCancelled',
    'RefundIssued',
    'EnrollmentTransferred',
    'BookingRescheduled',
    'AttendanceMarked',
    'ReviewRequested',
  ],
  keys: (event) => [event.type === 'ReviewRequested' ? event.data.enrollmentId : enrollmentIdOf(event)],
  project(doc, e) {
    switch (e.type) {
      case 'EnrollmentSubmitted': {
        const { item, test, enrollmentId } = e.data;
        if (test) return undefined;
        const base = { id: enrollmentId, enrollmentId, endsAt: '', endsOn: '', confirmed: false, marked: false };
        return ended({ ...base, markedAt: null }, item) ?? undefined;
      }
      case 'EnrollmentConfirmed':
        return doc ? { ...doc, confirmed: true } : undefined;
      case 'EnrollmentTransferred':
      case 'BookingRescheduled':
        return doc ? ended(doc, e.data.item) : undefined;
      case 'AttendanceMarked':
        if (!doc) return undefined;
        return { ...doc, marked: doc.marked || (e.data.present && !e.data.undone), markedAt: e.data.markedAt };
      case 'RefundIssued':
        // Only the refund of a late payment ends the booking (as in `reminders`).
        return doc && !e.data.refundKey ? null : undefined;
      default:
        // Asked, or no longer a booking.
        return doc ? null : undefined;
    }
  },
});
