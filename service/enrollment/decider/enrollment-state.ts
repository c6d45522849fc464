import { fullName } from '../../../contracts/core/erased.js';
import type {
  EnrollmentConfirmed,
  EnrollmentEvent,
  EnrollmentSubmitted,
  MoneySource,
  PurchasedItem,
  RefundReason,
} from '../../../contracts/enrollment/events.js';
import { pricingOf, type OrderPricing } from '../../../contracts/enrollment/pricing.js';
import type { PriceLine } from '../../../contracts/enrollment/money.js';
import { refuse } from './refusals.js';
import type { LeftParticipant } from '../../../contracts/enrollment/left-participants.js';
import {
  EMPTY_PARTICIPANT,
  participantDetailsOf,
  participantName,
} from '../../../contracts/enrollment/participants.js';

export type { EnrollmentStatus } from '../../../contracts/enrollment/refusals.js';

/** Where one attendance mark is kept: the workshop (a make-up's is another), the session from 1, the participant from 0. */
export const attendanceKey = (workshopId: string, session: number, participant: number) =>
  `${workshopId}:${session}:${participant}`;

/** What builds up over an enrollment's life, whatever its phase: payment attempts, refunds, messages, moves. */
export interface EnrollmentLedgers {
  /** The latest PaymentIntent created for it. */
  paymentIntentId: string | null;
  lastFailure: { code: string; reason: string } | null;
  /** Provider event ids already recorded, so a redelivered failure is not recorded twice. */
  providerEvents: string[];
  emailSent: boolean;
  /** The one reminder before the workshop has left (ReminderSent). */
  reminderSent: boolean;
  /** A course's later sessions already reminded of (the first is `reminderSent`). */
  laterReminders: number[];
  /** Every change of the booking's date or place, in order (`transfer:<id>`, `reschedule:<changeId>`): the calendar's SEQUENCE. */
  moves: string[];
  /** The order's price now: the submission's, or the transfer target's. */
  priceCents: number;
  /** Requested refunds by key, with where each stands. */
  refunds: Record<string, RefundEntry>;
  /** Issued refunds without a key (the late-payment refund), counted against what can still be refunded. */
  unkeyedRefundCents: number;
  /** Every issued refund, cents. */
  refundedCents: number;
  /** A transfer decided and not yet completed or abandoned. */
  transfer: PendingTransfer | null;
  /** Transfers that ended, by id: what the seat clean-up after each needs. */
  transfersEnded: Record<string, EndedTransfer>;
  /** `<kind>:<ref>` of every after-sale e-mail sent. */
  notified: string[];
  /** Attendance marked in the current workshop, by participant index (a transfer clears it). */
  /** Marks by `attendanceKey` (workshop, session, participant): a make-up is marked in another workshop. */
  attendance: Record<string, boolean>;
  /** Who collected each participant at the end of a session (ChildCollected), by `attendanceKey`; a transfer clears it. */
  collected: Record<string, string>;
  /** Resend requests by id: whether each one's e-mail has left. */
  resends: Record<string, 'requested' | 'sent'>;
  /** The PaymentIntent of the balance of a deposit booking, once asked for. */
  balanceIntentId: string | null;
  /** The balance as it arrived (a second card payment beside `paid`). */
  balancePaid: Payment | null;
  /** Balance reminders sent (`week-before`, `due-date`). */
  balanceReminders: string[];
  /** Participants who gave up their place while the others still come, by index (which never renumbers). */
  participantsLeft: Record<number, LeftPlace>;
  /** Money paid here that moved with participants to bookings of their own (no longer refundable here). */
  carriedOutCents: number;
}

/** A participant's place given up: whose, how, when, and what went back for it (as the read models keep it). */
export type LeftPlace = Omit<LeftParticipant, 'participant'>;

/** What a submitted enrollment is for. */
export interface Booking {
  submission: EnrollmentSubmitted;
  /** The workshop the seats are in now (a transfer moves it), and what is bought there (a move by the school changes its date, time and place). */
  workshopId: string | null;
  item: PurchasedItem;
  /** The item as booked or transferred to, before any move by the school: the refund policy keeps its deadline. */
  bookedItem: PurchasedItem;
}

/** The money that arrived (its PaymentIntent may differ from the latest created one). */
export interface Payment {
  intentId: string;
  /** When the provider says the money arrived: a payment at or after the workshop's start is refunded. */
  at: string;
  cents: number;
}

/** The sale: its order and the confirmation as recorded (for an e-mail sent again). */
export interface Order {
  orderId: string;
  orderReference: string;
  confirmation: EnrollmentConfirmed;
}

/** A cancellation by the administrator or the parent: final, nothing revives the enrollment. */
export interface Cancellation {
  by: 'admin' | 'visitor';
  note: string | null;
  notify: boolean;
  at: string;
}

/** Nothing submitted on this stream yet. */
export type NoEnrollment = EnrollmentLedgers & {
  status: 'none';
  submission: null;
  workshopId: null;
  item: null;
  bookedItem: null;
  paid: null;
};
/** Submitted, unpaid: seats held until `holdExpiresAt` (a free one waits for its confirmation). */
export type HeldEnrollment = EnrollmentLedgers & Booking & { status: 'pending'; paid: null };
/** The hold lapsed unpaid. */
export type ExpiredEnrollment = EnrollmentLedgers & Booking & { status: 'expired'; paid: null };
/** Withdrawn before the sale: replaced by the same parent's newer submission, or cancelled unpaid. */
export type WithdrawnEnrollment = EnrollmentLedgers &
  Booking & { status: 'cancelled'; paid: Payment | null; replacedBy: string | null; cancellation: null };
/** The money arrived; the seats are being confirmed (or were gone, and the money goes back). */
export type PaidEnrollment = EnrollmentLedgers & Booking & { status: 'paid'; paid: Payment };
/** Paid but never confirmed, and the money given back. */
export type RefundedEnrollment = EnrollmentLedgers & Booking & { status: 'refunded'; paid: Payment };
/** Sold: paid (or free) and confirmed. */
export type ConfirmedEnrollment = EnrollmentLedgers &
  Booking & { status: 'confirmed'; paid: Payment | null; order: Order };
/** Cancelled by the school or the parent (after the sale, or before it while unpaid): final. */
export type CancelledSale = EnrollmentLedgers &
  Booking & { status: 'cancelled'; paid: Payment | null; order: Order | null; cancellation: Cancellation };

/**
 * The enrollment as the phase it is in, with the fields that phase has: an order exists only once
 * sold, a cancellation only when cancelled, the money only once it arrived. `status` is the phase,
 * as the API and the read models show it.
 */
export type EnrollmentState =
  | NoEnrollment
  | HeldEnrollment
  | ExpiredEnrollment
  | WithdrawnEnrollment
  | PaidEnrollment
  | RefundedEnrollment
  | ConfirmedEnrollment
  | CancelledSale;

/** A submitted enrollment, whatever its phase. */
export type SubmittedEnrollment = Exclude<EnrollmentState, NoEnrollment>;

/** The order of a sold enrollment (confirmed, or cancelled after it was sold). */
export const orderOf = (s: EnrollmentState): Order | null => ('order' in s ? s.order : null);
/** The cancellation by a person, if there was one. */
export const cancellationOf = (s: EnrollmentState): Cancellation | null =>
  'cancellation' in s ? s.cancellation : null;
/** The newer enrollment that replaced this one before it was paid. */
export const replacedByOf = (s: EnrollmentState): string | null => ('replacedBy' in s ? s.replacedBy : null);

export interface RefundEntry {
  refundKey: string;
  /** Where the money came from and where it goes back (card, gift card, credit). */
  source: MoneySource;
  to: MoneySource;
  giftCardId: string | null;
  householdId: string | null;
  paymentIntentId: string;
  amountCents: number;
  reason: RefundReason;
  attempt: number;
  status: 'requested' | 'issued' | 'failed';
  refundId: string | null;
  failure: { code: string; message: string } | null;
}

export interface EndedTransfer {
  outcome: 'completed' | 'abandoned';
  fromWorkshopId: string;
  toWorkshopId: string;
  /** Why the target refused (abandoned). */
  reason: string | null;
  /** One participant's transfer: the booking of their own it opens in the target. */
  newEnrollmentId?: string;
}

export interface PendingTransfer {
  /** The target's price lines, when the transfer was priced with them. */
  lines?: PriceLine[];
  transferId: string;
  fromWorkshopId: string;
  toWorkshopId: string;
  seats: number;
  fromItem: PurchasedItem;
  item: PurchasedItem;
  amountCents: number;
  refundCents: number;
  /** One participant's transfer (the others stay): who, the booking it opens, and this booking after it. */
  participant?: {
    index: number;
    name: string;
    newEnrollmentId: string;
    participants: number;
    amountCents: number;
  };
}

export const enrollmentInitialState: EnrollmentState = {
  status: 'none',
  submission: null,
  workshopId: null,
  item: null,
  bookedItem: null,
  paid: null,
  paymentIntentId: null,
  lastFailure: null,
  providerEvents: [],
  emailSent: false,
  reminderSent: false,
  laterReminders: [],
  moves: [],
  priceCents: 0,
  refunds: {},
  unkeyedRefundCents: 0,
  refundedCents: 0,
  transfer: null,
  transfersEnded: {},
  notified: [],
  attendance: {},
  collected: {},
  resends: {},
  balanceIntentId: null,
  balancePaid: null,
  balanceReminders: [],
  participantsLeft: {},
  carriedOutCents: 0,
};

/** The key of a completed transfer, and of a move by the school, in `moves`. */
export const transferMove = (transferId: string) => `transfer:${transferId}`;
export const rescheduleMove = (changeId: string) => `reschedule:${changeId}`;

export const requireEnrollment = (s: EnrollmentState): EnrollmentSubmitted => requireSubmitted(s).submission;

/** The enrollment, refused as not found when nothing was submitted. */
export function requireSubmitted(s: EnrollmentState): SubmittedEnrollment {
  if (s.status === 'none') throw refuse({ code: 'enrollment_not_found' });
  return s;
}

/** How the order was priced (its breakdown, what paid it), for any submitted enrollment. */
export const pricingOfState = (s: EnrollmentState): OrderPricing | null =>
  s.submission ? pricingOf(s.submission) : null;

/** Whether the order was ever sold (confirmed): only then did its gift card and credit parts become payments. */
const wasSold = (s: EnrollmentState) => orderOf(s) !== null;

/** What each card payment, and each balance part, brought in: the money refunds come from. */
function moneyIn(s: EnrollmentState): { source: MoneySource; intentId: string; cents: number }[] {
  const pricing = pricingOfState(s);
  const parts: { source: MoneySource; intentId: string; cents: number }[] = [];
  if (s.balancePaid) parts.push({ source: 'card', intentId: s.balancePaid.intentId, cents: s.balancePaid.cents });
  if (s.paid) parts.push({ source: 'card', intentId: s.paid.intentId, cents: s.paid.cents });
  if (pricing && wasSold(s)) {
    if (pricing.paidByCreditCents > 0)
      parts.push({ source: 'credit', intentId: `credit-${pricing.householdId}`, cents: pricing.paidByCreditCents });
    if (pricing.paidByGiftCardCents > 0)
      parts.push({
        source: 'gift-card',
        intentId: `gift-card-${pricing.giftCardId}`,
        cents: pricing.paidByGiftCardCents,
      });
  }
  return parts;
}

/** What is left of each part once every refund decided from it (issued, on its way or failed) is taken off. */
function refundableParts(s: EnrollmentState) {
  const decided = (intentId: string) =>
    Object.values(s.refunds)
      .filter((r) => r.paymentIntentId === intentId)
      .reduce((sum, r) => sum + r.amountCents, 0);
  // Money that moved with a participant to a booking of their own is no longer refundable here: the card's first.
  let carried = s.carriedOutCents;
  return moneyIn(s).map((part) => {
    const unkeyed = s.paid && part.intentId === s.paid.intentId ? s.unkeyedRefundCents : 0;
    const left = Math.max(0, part.cents - decided(part.intentId) - unkeyed);
    const out = Math.min(left, carried);
    carried -= out;
    return { ...part, cents: left - out };
  });
}

/**
 * Everything received (card, and the gift card and credit of a sold order), less every refund
 * already decided (issued, on its way or failed and waiting for a retry) and the money that moved
 * with a participant to a booking of their own.
 */
export function refundableCents(state: EnrollmentState): number {
  return refundableParts(state).reduce((sum, p) => sum + p.cents, 0);
}

/** What the card (or cards: a deposit and a balance) took, less the refunds decided from them. */
export const cardRefundableCents = (state: EnrollmentState) =>
  refundableParts(state)
    .filter((p) => p.source === 'card')
    .reduce((sum, p) => sum + p.cents, 0);

/** What is still owed on a sold booking taken with a deposit: its price less what came in and stays. */
export function balanceDueCents(state: EnrollmentState): number {
  if (state.status !== 'confirmed') return 0;
  const pricing = pricingOfState(state);
  if (!pricing || (pricing.balanceCents === 0 && !state.balanceIntentId)) return 0;
  return Math.max(0, state.priceCents - refundableCents(state));
}

/**
 * Refunds of `cents` taken from where the money came from, each its own RefundRequested keyed
 * `<enrollmentId>-<n>`: the card first (the balance's payment, then the first one), then the
 * credit, then the gift card. Card money goes back to the card, or to the household's credit when
 * `cardTo` says so; a gift card's and the credit's go back where they came from.
 */
export function refundRequests(
  state: EnrollmentState,
  cents: number,
  reason: RefundReason,
  at: string,
  cardTo: 'card' | 'credit' = 'card',
): EnrollmentEvent[] {
  const enrollmentId = state.submission!.enrollmentId;
  const pricing = pricingOfState(state);
  const order: MoneySource[] = ['card', 'credit', 'gift-card'];
  const parts = refundableParts(state).sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source));
  const events: EnrollmentEvent[] = [];
  let left = cents;
  let n = Object.keys(state.refunds).length;
  for (const part of parts) {
    const amountCents = Math.min(left, part.cents);
    if (amountCents <= 0) continue;
    left -= amountCents;
    const to: MoneySource = part.source === 'card' ? cardTo : part.source;
    events.push({
      type: 'RefundRequested',
      data: {
        enrollmentId,
        refundKey: `${enrollmentId}-${++n}`,
        paymentIntentId: part.intentId,
        amountCents,
        reason,
        attempt: 1,
        requestedAt: at,
        ...(part.source !== 'card' || to !== 'card' ? { source: part.source, to } : {}),
        ...(to === 'gift-card' && pricing?.giftCardId ? { giftCardId: pricing.giftCardId } : {}),
        ...(to === 'credit' && pricing?.householdId ? { householdId: pricing.householdId } : {}),
      },
    });
  }
  return events;
}

/** A card refund of one payment in full (money that arrived for a booking already cancelled). */
export function refundRequest(
  state: EnrollmentState,
  paymentIntentId: string,
  amountCents: number,
  reason: RefundReason,
  at: string,
): EnrollmentEvent {
  const enrollmentId = state.submission!.enrollmentId;
  const refundKey = `${enrollmentId}-${Object.keys(state.refunds).length + 1}`;
  return {
    type: 'RefundRequested',
    data: { enrollmentId, refundKey, paymentIntentId, amountCents, reason, attempt: 1, requestedAt: at },
  };
}

/** The indexes of the participants still coming (all of them, unless some gave up their place). */
export function stayingParticipants(state: EnrollmentState): number[] {
  const count = state.submission?.participants ?? 0;
  return Array.from({ length: count }, (_, i) => i).filter((i) => state.participantsLeft[i] === undefined);
}

/** The participants who left the booking (cancelled or moved), by index. */
export const leftParticipantIndexes = (state: EnrollmentState): number[] =>
  Object.keys(state.participantsLeft).map(Number);

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
  if (Object.keys(state.participantsLeft).length === 0) return submission.attendees;
  return stayingParticipants(state).map((i) => participantNameOf(submission, i));
}

/** The places given up, as the receipts and read models list them. */
export const leftParticipantsOf = (state: EnrollmentState): LeftParticipant[] =>
  Object.entries(state.participantsLeft).map(([i, place]) => ({ participant: Number(i), ...place }));
