import { fullName } from '../../../contracts/core/erased.js';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { LeftParticipant } from '../../../contracts/enrollment/left-participants.js';
import { priceEnrollment, sessionShareOf, type PriceLine } from '../../../contracts/enrollment/money.js';
import {
  EMPTY_PARTICIPANT,
  participantDetailsOf,
  participantName,
} from '../../../contracts/enrollment/participants.js';
import { hasSale, pricingOfState, type EnrollmentState, type SoldEnrollment } from './enrollment-state.js';
import { refundableCents } from './refundable.js';
import type { LeftPlace } from './sale-state.js';

/** The places given up, by index: only a sold booking has any. */
const placesLeft = (state: EnrollmentState): Record<number, LeftPlace> =>
  hasSale(state) ? state.participantsLeft : {};

/** The indexes of the participants still coming (all of them, unless some gave up their place). */
export function stayingParticipants(state: EnrollmentState): number[] {
  const count = state.submission?.participants ?? 0;
  const left = placesLeft(state);
  return Array.from({ length: count }, (_, i) => i).filter((i) => left[i] === undefined);
}

/** The participants who left the booking (cancelled or moved), by index. */
export const leftParticipantIndexes = (state: EnrollmentState): number[] => Object.keys(placesLeft(state)).map(Number);

/** Participant `index`'s name as the views show it (the contact's for an unnamed first one). */
export function participantNameOf(submission: EnrollmentSubmitted, index: number): string {
  const details = participantDetailsOf(submission.form);
  const contact = fullName(submission.form.firstName, submission.form.lastName);
  return participantName(details[index] ?? { ...EMPTY_PARTICIPANT, age: null }, index, contact);
}

/** The names of those still coming, as the booking's e-mails list them. */
export function stayingAttendees(state: EnrollmentState): string[] {
  const submission = state.submission;
  if (!submission) return [];
  if (Object.keys(placesLeft(state)).length === 0) return submission.attendees;
  return stayingParticipants(state).map((i) => participantNameOf(submission, i));
}

/** The places given up, as the receipts and read models list them. */
export const leftParticipantsOf = (state: EnrollmentState): LeftParticipant[] =>
  Object.entries(placesLeft(state)).map(([i, place]) => ({ participant: Number(i), ...place }));

/**
 * What one place is worth when the others stay: the booking's price now less what the one pricing
 * rule asks of those still coming, never below 0, and at most what came in beyond that new price.
 * A couple at the dinner ($250) leaving one: the other pays the single price ($150), so $100 goes
 * back. A camp booked with a deposit ($100 paid of $500 for two) leaving one: the deposit stays on
 * the booking, which now owes $150 of its $250, and nothing goes back.
 */
export function placeShare(state: SoldEnrollment): {
  staying: number;
  amountCents: number;
  refundCents: number;
  lines: PriceLine[];
} {
  const staying = Math.max(0, stayingParticipants(state).length - 1);
  // Those still coming, priced by the one rule with the booking's own discounts (its code, the
  // sibling discount as it was given) and its share of a course joined late.
  const pricing = pricingOfState(state);
  const { amountCents, lines } = priceEnrollment(state.item.unitPriceCents, staying, state.item.priceTiers, {
    siblingDiscountPercent: pricing?.siblingDiscountPercent ?? 0,
    siblingAlreadyEnrolled: pricing?.siblingAlreadyEnrolled ?? false,
    code: pricing?.discountCode ?? null,
    sessions: sessionShareOf(state.item),
  });
  const share = Math.max(0, state.priceCents - amountCents);
  const refundCents = Math.min(share, Math.max(0, refundableCents(state) - amountCents));
  return { staying, amountCents, refundCents, lines };
}
