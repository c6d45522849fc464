import type {
  EnrollmentConfirmed,
  EnrollmentEvent,
  EnrollmentSubmitted,
  PurchasedItem,
  RefundReason,
} from '../../../contracts/enrollment/events.js';
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

/** A new refund of `amountCents`, keyed `<enrollmentId>-<n>` so its provider call is made once. */
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
  const contact = `${submission.form.firstName} ${submission.form.lastName}`.trim();
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

/**
 * Paid less every refund already decided (issued, on its way or failed and waiting for a retry) and
 * the money that moved with a participant to a booking of their own.
 */
export function refundableCents(state: EnrollmentState): number {
  if (!state.paid) return 0;
  const decided = Object.values(state.refunds).reduce((sum, r) => sum + r.amountCents, state.unkeyedRefundCents);
  return Math.max(0, state.paid.cents - decided - state.carriedOutCents);
}
