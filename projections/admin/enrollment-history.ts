import { defineProjector, type RecordedEventOf } from '../../platform/processor/projector.js';
import type { EnrollmentHistory, HistoryEntry } from '../../contracts/admin/history.js';
import { ENROLLMENT_EVENT_TYPES, enrollmentIdOf, type EnrollmentEvent } from '../../contracts/enrollment/events.js';
import { formatUsd } from '../../contracts/enrollment/money.js';

const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  age: 'age',
  grade: 'grade',
  school: 'school',
  hasDietaryRestrictions: 'dietary restrictions (yes/no)',
  dietaryRestrictions: 'dietary restrictions',
  photographyConsent: 'photo consent',
  allowNameWithPhoto: 'name with photo',
  photographyOptOut: 'photography opt-out',
};

/** Done by the parent through the booking link (no account: the trail says "parent", never a name). */
const BY_PARENT = new Set(['ParticipantDetailsCorrected']);

const NOTIFIED = { cancellation: 'Cancellation', transfer: 'Transfer', reschedule: 'New date or place' } as const;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * One sentence per event for the audit trail. It names what happened and the references an
 * administrator looks up (order id, payment intent), never the person: the trail is about the
 * enrollment, and the tracker row already shows who it is. Attendance names the participant marked.
 */
export function summarise(e: RecordedEventOf<EnrollmentEvent>): string {
  switch (e.type) {
    case 'EnrollmentSubmitted': {
      const d = e.data;
      const price = d.isFree ? 'free' : `${formatUsd(d.amountCents)} due`;
      const hold = d.holdExpiresAt ? `; seats held until ${d.holdExpiresAt}` : '';
      return `Enrollment submitted for ${d.item.kind} "${d.item.title}": ${plural(d.participants, 'participant')}, ${price}${hold}.`;
    }
    case 'PaymentIntentCreated':
      return `Card payment of ${formatUsd(e.data.amountCents)} started (${e.data.provider}, ${e.data.paymentIntentId}).`;
    case 'PaymentSucceeded':
      return `Payment of ${formatUsd(e.data.amountCents)} succeeded (${e.data.paymentIntentId}, reported by ${e.data.source}).`;
    case 'PaymentFailed':
      return `Payment failed: ${e.data.reason} (${e.data.code}, ${e.data.paymentIntentId}).`;
    case 'EnrollmentConfirmed':
      return `Enrollment confirmed as ${e.data.orderId} (${e.data.orderReference}), ${e.data.paymentMethod}, ${formatUsd(e.data.amountCents)}.`;
    case 'EnrollmentExpired':
      return `Seat hold lapsed at ${e.data.holdExpiresAt} without payment; the enrollment expired and its seats were released.`;
    case 'EnrollmentCancelled':
      if (e.data.replacedBy)
        return `Enrollment cancelled: the same parent submitted the form again (enrollment ${e.data.replacedBy}); its seats went to the new enrollment.`;
      return `Enrollment cancelled: ${e.data.reason.replaceAll('-', ' ')}${e.data.note ? ` ("${e.data.note}")` : ''}${e.data.notify === false ? '; the parent was not e-mailed' : ''}.`;
    case 'RefundIssued':
      return `Refund of ${formatUsd(e.data.amountCents)} issued (${e.data.refundId}): ${e.data.reason.replaceAll('-', ' ')}.`;
    case 'ConfirmationEmailSent':
      return `Confirmation e-mail sent for ${e.data.orderId} (${e.data.transport}).`;
    case 'RefundRequested':
      return `Refund of ${formatUsd(e.data.amountCents)} requested (${e.data.reason.replaceAll('-', ' ')}${e.data.attempt > 1 ? `, attempt ${e.data.attempt}` : ''}).`;
    case 'RefundFailed':
      return `Refund of ${formatUsd(e.data.amountCents)} failed: the provider refused it (${e.data.code}: ${e.data.message}).`;
    case 'TransferRequested':
      return `Transfer to workshop "${e.data.item.title}" requested (workshop ${e.data.fromWorkshopId} to ${e.data.toWorkshopId}, ${plural(e.data.seats, 'seat')}).`;
    case 'EnrollmentTransferred':
      return `Moved to workshop "${e.data.item.title}"${e.data.item.date ? ` on ${e.data.item.date}` : ''}${e.data.refundCents > 0 ? `; ${formatUsd(e.data.refundCents)} to be refunded as the difference` : ''}.`;
    case 'TransferAbandoned':
      return `Transfer to workshop ${e.data.toWorkshopId} not made: ${e.data.reason}`;
    case 'CustomerNotified':
      return `${NOTIFIED[e.data.kind]} e-mail sent to the parent (${e.data.transport}).`;
    case 'BookingRescheduled': {
      const { fromItem: from, item: to, changed } = e.data;
      const moves = changed.map((field) => `${field} ${from[field] ?? 'none'} to ${to[field] ?? 'none'}`);
      return `Moved with its workshop by the school: ${moves.join('; ')}.`;
    }
    case 'ConfirmationResendRequested':
      return `Confirmation e-mail for ${e.data.orderId} asked to be sent again.`;
    case 'ConfirmationEmailResent':
      return `Confirmation e-mail for ${e.data.orderId} sent again (${e.data.transport}).`;
    case 'ReminderSent':
      return `Reminder e-mail sent for ${e.data.orderId} before the start at ${e.data.workshopStartsAt} (${e.data.transport}).`;
    case 'ParticipantDetailsCorrected': {
      const fields = e.data.changed.map((c) => {
        const [index, field] = c.split('.');
        return `participant ${Number(index) + 1} ${FIELD_WORDS[field ?? ''] ?? field}`;
      });
      return `Participant details corrected by the parent on the booking page: ${fields.join(', ')}.`;
    }
    case 'AttendanceMarked':
      // The one summary that names someone: which child was marked is the fact itself.
      return `Marked ${e.data.name} ${e.data.present ? 'present' : 'absent'}.`;
  }
}

const entryOf = (event: RecordedEventOf<EnrollmentEvent>): HistoryEntry => ({
  position: event.position.toString(),
  revision: Number(event.revision),
  type: event.type,
  at: event.metadata.at,
  actor: event.metadata.actor,
  ...(event.metadata.administrator ? { by: event.metadata.administrator.name } : {}),
  ...(BY_PARENT.has(event.type) && event.metadata.actor === 'visitor' ? { by: 'parent' } : {}),
  summary: summarise(event),
});

/** The audit trail: every event of an enrollment's stream, in stream order, straight from the events. */
export const enrollmentHistoryProjector = defineProjector<EnrollmentEvent, EnrollmentHistory>({
  name: 'enrollment-history',
  collection: 'enrollment-history',
  eventTypes: ENROLLMENT_EVENT_TYPES,
  keys: (event) => [enrollmentIdOf(event)],
  project(doc, event, id) {
    const events = doc?.events ?? [];
    if (events.some((x) => x.revision === Number(event.revision))) return undefined;
    return { id, events: [...events, entryOf(event)].sort((a, b) => a.revision - b.revision) };
  },
});
