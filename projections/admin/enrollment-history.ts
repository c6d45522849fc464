import { defineProjector, type RecordedEventOf } from '../../platform/processor/projector.js';
import type { EnrollmentHistory, HistoryEntry } from '../../contracts/admin/history.js';
import {
  ENROLLMENT_EVENT_TYPES,
  enrollmentIdOf,
  type EnrollmentEvent,
  type PaidCard,
} from '../../contracts/enrollment/events.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { cardWords } from '../../contracts/enrollment/payment-words.js';
import type { WorkshopMessageEvent } from '../../contracts/messages/events.js';
import { formatClosingDate } from '../../contracts/catalogue/sales-window.js';

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
const BY_PARENT = new Set(['ParticipantDetailsCorrected', 'ParticipantCancelled']);

const NOTIFIED = { cancellation: 'Cancellation', transfer: 'Transfer', reschedule: 'New date or place' } as const;

const REFUND_TO = { card: ' to the card', 'gift-card': ' to the gift card', credit: ' to the family credit' } as const;

/** " by Visa ending 4242": the card a payment recorded (records 151, 152); nothing when it recorded none. */
const byCard = (card: PaidCard | undefined) => (card ? ` by ${cardWords(card)}` : '');

/** Who paid an instalment and with what: the parent by hand, else the saved card (named when known). */
const installmentPaidWords = ({ card, paidBy }: { card?: PaidCard | undefined; paidBy?: 'parent' | undefined }) =>
  paidBy === 'parent'
    ? `paid by the parent${card ? ` with ${cardWords(card)}` : ''}`
    : card
      ? `paid by ${cardWords(card)}`
      : 'paid on the saved card';
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** An instant as the office reads it: on the school's clock, its zone named ("… at 10:30 AM CDT"). */
const schoolTime = (instant: string) => formatClosingDate(instant);

/**
 * One sentence per event for the audit trail. It names what happened and the references an
 * administrator looks up (order id, payment intent), never the person: the trail is about the
 * enrollment, and the tracker row already shows who it is. Attendance names the participant marked.
 */
export function summarise(e: RecordedEventOf<EnrollmentEvent>): string {
  switch (e.type) {
    case 'EnrollmentSubmitted': {
      const d = e.data;
      if (d.splitFrom)
        return `Opened for participant ${d.splitFrom.participant + 1} of enrollment ${d.splitFrom.enrollmentId}, moved to ${d.item.kind} "${d.item.title}": ${formatUsd(d.splitFrom.paidCents)} of that booking's payment came with the place.`;
      const price = d.isFree ? 'free' : `${formatUsd(d.amountCents)} due`;
      const hold = d.holdExpiresAt ? `; seats held until ${schoolTime(d.holdExpiresAt)}` : '';
      const lines = (d.pricing?.lines ?? []).slice(1).map((l) => `${l.label} ${formatUsd(l.amountCents)}`);
      const deposit = d.pricing?.balanceCents
        ? `; ${formatUsd(d.pricing.dueNowCents)} now, ${formatUsd(d.pricing.balanceCents)} later`
        : '';
      const priced = lines.length ? ` (${lines.join('; ')})` : '';
      return `Enrollment submitted for ${d.item.kind} "${d.item.title}": ${plural(d.participants, 'participant')}, ${price}${priced}${deposit}${hold}.`;
    }
    case 'PaymentIntentCreated':
      return `Card payment of ${formatUsd(e.data.amountCents)} started (${e.data.provider}, ${e.data.paymentIntentId}).`;
    case 'PaymentSucceeded':
      return `Payment of ${formatUsd(e.data.amountCents)} succeeded${byCard(e.data.card)} (${e.data.paymentIntentId}, reported by ${e.data.source}).`;
    case 'PaymentFailed':
      return `Payment failed: ${e.data.reason} (${e.data.code}, ${e.data.paymentIntentId}).`;
    case 'EnrollmentConfirmed':
      return `Enrollment confirmed as ${e.data.orderId} (${e.data.orderReference}), ${e.data.paymentMethod}, ${formatUsd(e.data.amountCents)}.`;
    case 'EnrollmentExpired':
      return `Seat hold lapsed at ${schoolTime(e.data.holdExpiresAt)} without payment; the enrollment expired and its seats were released.`;
    case 'EnrollmentCancelled':
      if (e.data.replacedBy)
        return `Enrollment cancelled: the same parent submitted the form again (enrollment ${e.data.replacedBy}); its seats went to the new enrollment.`;
      return `Enrollment cancelled: ${e.data.reason.replaceAll('-', ' ')}${e.data.note ? ` ("${e.data.note}")` : ''}${e.data.notify === false ? '; the parent was not e-mailed' : ''}.`;
    case 'RefundIssued':
      return `Refund of ${formatUsd(e.data.amountCents)} issued (${e.data.refundId}): ${e.data.reason.replaceAll('-', ' ')}.`;
    case 'ConfirmationEmailSent':
      return `Confirmation e-mail sent for ${e.data.orderId} (${e.data.transport}).`;
    case 'RefundRequested':
      return `Refund of ${formatUsd(e.data.amountCents)}${REFUND_TO[e.data.to ?? 'card']} requested (${e.data.reason.replaceAll('-', ' ')}${e.data.attempt > 1 ? `, attempt ${e.data.attempt}` : ''}).`;
    case 'RefundFailed':
      return `Refund of ${formatUsd(e.data.amountCents)} failed: the provider refused it (${e.data.code}: ${e.data.message}).`;
    case 'TransferRequested':
      return `Transfer to workshop "${e.data.item.title}" requested (workshop ${e.data.fromWorkshopId} to ${e.data.toWorkshopId}, ${plural(e.data.seats, 'seat')}).`;
    case 'EnrollmentTransferred':
      return `Moved to workshop "${e.data.item.title}"${e.data.item.date ? ` on ${schoolTime(e.data.item.date)}` : ''}${e.data.refundCents > 0 ? `; ${formatUsd(e.data.refundCents)} to be refunded as the difference` : ''}.`;
    case 'TransferAbandoned':
      return `Transfer to workshop ${e.data.toWorkshopId} not made: ${e.data.reason}`;
    case 'CustomerNotified':
      return `${NOTIFIED[e.data.kind]} e-mail sent to the parent (${e.data.transport}).`;
    case 'BookingRescheduled': {
      const { fromItem: from, item: to, changed } = e.data;
      const shown = (field: (typeof changed)[number], value: string | null | undefined) =>
        !value ? 'none' : field === 'date' ? schoolTime(value) : value;
      const moves = changed.map((field) => `${field} ${shown(field, from[field])} to ${shown(field, to[field])}`);
      return `Moved with its workshop by the school: ${moves.join('; ')}.`;
    }
    case 'ConfirmationResendRequested':
      return `Confirmation e-mail for ${e.data.orderId} asked to be sent again.`;
    case 'ConfirmationEmailResent':
      return `Confirmation e-mail for ${e.data.orderId} sent again (${e.data.transport}).`;
    case 'ReminderSent':
      return `Reminder e-mail sent for ${e.data.orderId} before the start at ${schoolTime(e.data.workshopStartsAt)} (${e.data.transport}).`;
    case 'ParticipantDetailsCorrected': {
      const fields = e.data.changed.map((c) => {
        const [index, field] = c.split('.');
        return `participant ${Number(index) + 1} ${FIELD_WORDS[field ?? ''] ?? field}`;
      });
      return `Participant details corrected by the parent on the booking page: ${fields.join(', ')}.`;
    }
    case 'AttendanceMarked':
      // The summaries that name someone: which child was marked (or left) is the fact itself.
      return e.data.undone
        ? `Took back the mark of ${e.data.name} (${e.data.present ? 'present' : 'absent'}): not marked.`
        : `Marked ${e.data.name} ${e.data.present ? 'present' : 'absent'}.`;
    case 'BalancePaymentIntentCreated':
      return `Payment of the balance, ${formatUsd(e.data.amountCents)}, started (${e.data.provider}, ${e.data.paymentIntentId}).`;
    case 'BalancePaid':
      return `Balance of ${formatUsd(e.data.amountCents)} paid${byCard(e.data.card)} (${e.data.paymentIntentId}, reported by ${e.data.source}).`;
    case 'BalanceOverpaid':
      return `${formatUsd(e.data.amountCents)} paid for a balance no longer owed (${e.data.paymentIntentId}, reported by ${e.data.source}); refunded.`;
    case 'InstallmentPaymentRecorded':
      return `Instalment ${e.data.n} of ${formatUsd(e.data.amountCents)} ${installmentPaidWords(e.data)} (${e.data.paymentIntentId}).`;
    case 'InstallmentWaiverRecorded':
      return `Instalment ${e.data.n} of ${formatUsd(e.data.amountCents)} waived by the school: owed no more.`;
    case 'BalanceReminderSent':
      return `Reminder of the ${formatUsd(e.data.balanceCents)} balance due ${schoolTime(e.data.dueAt)} sent (${e.data.kind === 'week-before' ? 'a week before' : 'on the day'}, ${e.data.transport}).`;
    case 'ChildCollected':
      if (e.data.undone) return `Took back who collected ${e.data.name} (${e.data.collectedBy}): not recorded.`;
      // A name not on the family's pick-up list is flagged: the instructor confirmed it on the spot.
      return e.data.onList
        ? `${e.data.name} collected by ${e.data.collectedBy}${e.data.relationship ? ` (${e.data.relationship})` : ''}.`
        : `⚠ ${e.data.name} collected by ${e.data.collectedBy}, who is NOT on the family's pick-up list (confirmed by the instructor).`;
    case 'ParticipantCancelled': {
      const d = e.data;
      const by = d.reason === 'cancelled-by-visitor' ? 'by the parent' : 'by the school';
      const refund = d.refundCents > 0 ? `, ${formatUsd(d.refundCents)} to be refunded` : ', nothing refunded';
      return `${d.name}'s place cancelled ${by}${d.note ? ` ("${d.note}")` : ''}: ${plural(d.participants, 'participant')} still coming for ${formatUsd(d.amountCents)}${refund}${d.notify ? '' : '; the parent was not e-mailed'}.`;
    }
    case 'ParticipantTransferRequested':
      return `Transfer of ${e.data.name} to workshop "${e.data.item.title}" requested (workshop ${e.data.fromWorkshopId} to ${e.data.toWorkshopId}, as enrollment ${e.data.newEnrollmentId}).`;
    case 'ParticipantTransferred': {
      const d = e.data;
      const refund = d.refundCents > 0 ? `; ${formatUsd(d.refundCents)} to be refunded as the difference` : '';
      return `${d.name} moved to workshop "${d.item.title}" as enrollment ${d.newEnrollmentId} (${formatUsd(d.carriedCents)} of the payment went with the place): ${plural(d.participants, 'participant')} still coming here for ${formatUsd(d.amountCents)}${refund}.`;
    }
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

const families = (n: number) => (n === 1 ? '1 family' : `${n} families`);
const AUDIENCE = { enrolled: 'the booked families', waitlist: 'the waitlist' } as const;

/** A message to the workshop's families, on the history of each booking it reached (its own stream's events). */
function messageEntry(event: RecordedEventOf<WorkshopMessageEvent>): HistoryEntry {
  const summary = (() => {
    switch (event.type) {
      case 'WorkshopMessageWritten':
        return `Message "${event.data.subject}" written to ${AUDIENCE[event.data.audience]} of the workshop (${families(event.data.recipients.length)}); this family is one of them.`;
      case 'WorkshopMessageSent':
        return `Message "${event.data.subject}" e-mailed to the parent (${event.data.transport}).`;
      case 'WorkshopMessageUndeliverable':
        return `Message could not be e-mailed to the parent: ${event.data.reason}`;
    }
  })();
  return {
    position: event.position.toString(),
    revision: Number(event.revision),
    type: event.type,
    at: event.metadata.at,
    actor: event.metadata.actor,
    ...(event.metadata.administrator ? { by: event.metadata.administrator.name } : {}),
    summary,
  };
}

type HistoryEvent = EnrollmentEvent | WorkshopMessageEvent;
const MESSAGE_TYPES = new Set<string>([
  'WorkshopMessageWritten',
  'WorkshopMessageSent',
  'WorkshopMessageUndeliverable',
]);
const isMessage = (e: RecordedEventOf<HistoryEvent>): e is RecordedEventOf<WorkshopMessageEvent> =>
  MESSAGE_TYPES.has(e.type);

/**
 * The audit trail: every event of an enrollment's stream, in stream order, straight from the
 * events, and the workshop messages that reached the booking (events of their own streams, placed
 * by feed position). An event already listed (by its revision in the enrollment's stream, or by
 * its feed position for a message) is listed once.
 */
export const enrollmentHistoryProjector = defineProjector<HistoryEvent, EnrollmentHistory>({
  name: 'enrollment-history',
  collection: 'enrollment-history',
  eventTypes: [...ENROLLMENT_EVENT_TYPES, ...(MESSAGE_TYPES as Set<WorkshopMessageEvent['type']>)],
  keys: (event) => {
    if (!isMessage(event)) return [enrollmentIdOf(event)];
    return event.type === 'WorkshopMessageWritten'
      ? event.data.recipients.flatMap((r) => r.enrollmentIds)
      : event.data.enrollmentIds;
  },
  project(doc, event, id) {
    const events = doc?.events ?? [];
    const position = event.position.toString();
    if (isMessage(event)) {
      if (events.some((x) => x.position === position)) return undefined;
    } else if (events.some((x) => !MESSAGE_TYPES.has(x.type) && x.revision === Number(event.revision)))
      return undefined;
    const entry = isMessage(event) ? messageEntry(event) : entryOf(event);
    return { id, events: [...events, entry].sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1)) };
  },
});
