import { defineProjector, type RecordedEventOf } from '../../platform/processor/projector.js';
import {
  enrollmentIdOf,
  sessionsAttended,
  type EnrollmentEvent,
  type PurchasedItem,
} from '../../contracts/enrollment/events.js';

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
  /**
   * A course's later session reminded of (`<enrollmentId>:s<n>`), absent on the booking's own
   * document (the first session attended). Its status is read from the enrollment when it is due.
   */
  session?: number;
}

const DAY_MS = 86_400_000;

/**
 * The later sessions a course's booking is reminded of: each that starts more than two days after
 * the one before it (a weekly course gets one a week, a daily camp none beyond the first).
 */
export function laterReminderSessions(item: Pick<PurchasedItem, 'date' | 'time' | 'sessions' | 'fromSession'>) {
  const attended = sessionsAttended(item);
  return attended
    .slice(1)
    .filter((s, i) => Date.parse(s.session.startsAt) - Date.parse(attended[i]!.session.startsAt) > 2 * DAY_MS);
}

export const laterReminderKey = (enrollmentId: string, session: number) => `${enrollmentId}:s${session}`;
const laterKeys = (enrollmentId: string, item: PurchasedItem | null | undefined) =>
  item?.kind === 'workshop' ? laterReminderSessions(item).map((s) => laterReminderKey(enrollmentId, s.number)) : [];

/** The later session named by a document key, or null for the booking's own document. */
const laterSessionOf = (id: string) => {
  const m = /:s(\d+)$/.exec(id);
  return m ? Number(m[1]) : null;
};

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
  keys: (event) => {
    const id = enrollmentIdOf(event);
    switch (event.type) {
      case 'EnrollmentSubmitted':
        return event.data.test ? [id] : [id, ...laterKeys(id, event.data.item)];
      case 'EnrollmentTransferred':
      case 'BookingRescheduled':
        return [...new Set([id, ...laterKeys(id, event.data.fromItem), ...laterKeys(id, event.data.item)])];
      case 'ReminderSent':
        return [(event.data.session ?? 1) === 1 ? id : laterReminderKey(id, event.data.session)];
      default:
        return [id];
    }
  },
  project(doc, e, key) {
    const later = laterSessionOf(key);
    if (later !== null) return projectLater(doc, e, key, later);
    switch (e.type) {
      case 'EnrollmentSubmitted': {
        const { item, test, enrollmentId, workshopId } = e.data;
        if (test || item.kind !== 'workshop' || !item.date) return undefined;
        const first = sessionsAttended(item)[0]?.session.startsAt ?? item.date;
        const startsAt = new Date(first).toISOString();
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
        const startsAt = new Date(sessionsAttended(e.data.item)[0]?.session.startsAt ?? e.data.item.date).toISOString();
        return { ...doc, workshopId: e.data.toWorkshopId, startsAt, startsOn: startsAt.slice(0, 10) };
      }
      case 'BookingRescheduled': {
        // The school moved the workshop: the reminder is due before the new start.
        if (!doc || !e.data.item.date) return doc ? null : undefined;
        const startsAt = new Date(sessionsAttended(e.data.item)[0]?.session.startsAt ?? e.data.item.date).toISOString();
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

/**
 * A later session's reminder document: written with the booking (submitted, transferred into, moved
 * by the school), gone once that reminder is recorded or when a transfer or a move drops the
 * session. It counts as due whatever the booking's status: the reminder job reads the enrollment
 * and sends only to a confirmed one, so a cancellation needs no document of its own here.
 */
function projectLater(
  doc: ReminderDoc | null,
  e: RecordedEventOf<ReminderEvent>,
  key: string,
  session: number,
): ReminderDoc | null | undefined {
  const item =
    e.type === 'EnrollmentSubmitted' || e.type === 'EnrollmentTransferred' || e.type === 'BookingRescheduled'
      ? e.data.item
      : null;
  if (e.type === 'ReminderSent') return doc ? null : undefined;
  if (!item) return undefined;
  const due = laterReminderSessions(item).find((s) => s.number === session);
  if (!due) return doc ? null : undefined;
  const enrollmentId = enrollmentIdOf(e);
  const startsAt = new Date(due.session.startsAt).toISOString();
  return {
    id: key,
    enrollmentId,
    workshopId: item.id,
    startsAt,
    startsOn: startsAt.slice(0, 10),
    confirmed: true,
    orderId: doc?.orderId ?? null,
    confirmedAt: null,
    session,
  };
}
