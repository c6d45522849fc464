import type { BookingRefund, BookingView, CancellationTerms } from '../../contracts/booking/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import {
  REFUND_PLACES,
  refundDestinations,
  refundPartsOf,
  refundTiming,
  refundTotal,
} from '../../contracts/enrollment/refund-words.js';
import { formatLongDate } from '../core/format.js';

const onSchoolClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A deadline as the school's clock reads it, e.g. "Saturday, June 7, 2025 at 6:00 PM CDT". */
export const deadlineText = (instant: string) => onSchoolClock.format(new Date(instant));

export const REFUND_STATUS_TEXT: Record<BookingRefund['status'], string> = {
  pending: 'on its way',
  issued: 'issued',
  failed: 'delayed: we are on it',
};

/** "The school moved this class from Saturday, July 19, 2025, 7:00 PM - 9:00 PM (at …)." */
export function movedText(b: Pick<BookingView, 'item' | 'movedFrom'>): string | null {
  const from = b.movedFrom;
  if (!from) return null;
  const when = [from.date ? formatLongDate(from.date) : '', from.time].filter(Boolean).join(', ');
  const where = from.location !== b.item.location ? ` at ${from.location}` : '';
  return `The school moved this class. You booked it for ${when}${where}; the details above are the new ones.`;
}

/** The full-refund terms as the booking page states them; a move by the school says why the deadline is what it is. */
export function fullRefundText(terms: Extract<CancellationTerms, { kind: 'full-refund' }>): string {
  const deadline = deadlineText(terms.deadline);
  const amount = formatUsd(terms.refundCents);
  return terms.movedBySchool
    ? `Because the school moved this class, you can cancel with a full refund of ${amount} until ${deadline}. After that, no refund is given.`
    : `Cancel by ${deadline} for a full refund of ${amount}. After that, no refund is given.`;
}

/** One refund row: how much, where it goes and how far it got ("$225.00 to the card used for payment, issued"). */
export const refundRowText = (r: BookingRefund) =>
  `${formatUsd(r.amountCents)} to ${REFUND_PLACES[r.to]}, ${REFUND_STATUS_TEXT[r.status]}`;

/** A cancelled booking's refunds as they were recorded, by where the money went, and when it is there. */
export function cancelledRefundText(refunds: readonly BookingRefund[]): string {
  const parts = refundPartsOf(refunds.filter((r) => r.reason !== 'overpaid'));
  if (parts.length === 0) return '';
  return `${formatUsd(refundTotal(parts))} comes back${refundDestinations(parts)}. ${refundTiming(parts)}`;
}

type PlacesOf = Pick<BookingView, 'status' | 'leftParticipants' | 'amountNowCents'> & {
  participants: readonly unknown[];
};

/** "2", "1 still coming (1 cancelled)", or, once the booking ended, "2, all cancelled". */
export function participantsText(b: PlacesOf): string {
  const booked = b.participants.length;
  if (b.status === 'cancelled' || b.status === 'refunded')
    return booked > 1 ? `${booked}, all cancelled` : String(booked);
  const staying = booked - b.leftParticipants.length;
  return b.leftParticipants.length > 0
    ? `${staying} still coming (${b.leftParticipants.length} cancelled)`
    : String(staying);
}

/** What those still coming pay once some left; nothing once the booking ended (nobody is coming). */
export function priceNowText(b: PlacesOf): string | null {
  if (b.leftParticipants.length === 0 || b.status === 'cancelled' || b.status === 'refunded') return null;
  const staying = b.participants.length - b.leftParticipants.length;
  return `${formatUsd(b.amountNowCents)} for ${staying === 1 ? 'the one' : `the ${staying}`} still coming`;
}
