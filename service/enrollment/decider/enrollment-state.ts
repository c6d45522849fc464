import type {
  EnrollmentConfirmed,
  EnrollmentSubmitted,
  PaidCard,
  PurchasedItem,
} from '../../../contracts/enrollment/events.js';
import { pricingOf, type OrderPricing } from '../../../contracts/enrollment/pricing.js';
import { refuse } from './refusals.js';
import type { Sale } from './sale-state.js';

export type { EnrollmentStatus } from '../../../contracts/enrollment/refusals.js';

/** What every submitted phase has: what was booked, where it is now, and the card payment as the provider reported it. */
export interface Booking {
  submission: EnrollmentSubmitted;
  /** The workshop the seats are in now (a transfer moves it), and what is bought there (a move by the school changes its date, time and place). */
  workshopId: string | null;
  item: PurchasedItem;
  /** The item as booked or transferred to, before any move by the school: the refund policy keeps its deadline. */
  bookedItem: PurchasedItem;
  /** Every change of the booking's date or place, in order (`transfer:<id>`, `reschedule:<changeId>`): the calendar's SEQUENCE. */
  moves: string[];
  /** The latest PaymentIntent created for it; the provider may report on it in any phase. */
  paymentIntentId: string | null;
  /** Provider event ids already recorded, so a redelivered failure is not recorded twice. */
  providerEvents: string[];
}

/** Attendance and pick-ups, kept while the booking stands (held, paid or confirmed); a transfer clears them. */
export interface Attendance {
  /** Marks by `attendanceKey` (workshop, session, participant): a make-up is marked in another workshop. */
  attendance: Record<string, boolean>;
  /** Who collected each participant at the end of a session (ChildCollected), by `attendanceKey`. */
  collected: Record<string, string>;
}

/** The money that arrived (its PaymentIntent may differ from the latest created one). */
export interface Payment {
  intentId: string;
  /** When the provider says the money arrived: a payment at or after the workshop's start is refunded. */
  at: string;
  cents: number;
  /** The card that paid, when the provider said (the receipts name it). */
  card?: { brand: string; last4: string };
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
export type NoEnrollment = { status: 'none'; submission: null };
/** Submitted, unpaid: seats held until `holdExpiresAt` (a free one waits for its confirmation). */
export type HeldEnrollment = Booking & Attendance & { status: 'pending' };
/** The hold lapsed unpaid (money arriving late still revives it). */
export type ExpiredEnrollment = Booking & { status: 'expired' };
/** Withdrawn before the sale: replaced by the same parent's newer submission, or its payment failed for good. */
export type WithdrawnEnrollment = Booking & { status: 'cancelled'; replacedBy: string | null; cancellation: null };
/** The money arrived; the seats are being confirmed (or were gone, and the money goes back). */
export type PaidEnrollment = Booking & Attendance & { status: 'paid'; paid: Payment };
/** Paid but never confirmed, and the money given back at once (the late-payment refund). */
export type RefundedEnrollment = Booking & { status: 'refunded'; paid: Payment; refundedCents: number };
/** Sold: paid (or free) and confirmed. */
export type ConfirmedEnrollment = Booking &
  Attendance &
  Sale & { status: 'confirmed'; paid: Payment | null; order: Order };
/** Cancelled by the school or the parent (after the sale, or before it while unpaid): final. */
export type CancelledSale = Booking &
  Sale & { status: 'cancelled'; paid: Payment | null; order: Order | null; cancellation: Cancellation };

/**
 * The enrollment as the phase it is in, with the fields that phase has: the money only once it
 * arrived, attendance while the booking stands, an order, refunds, transfers and messages once
 * sold, a cancellation only when cancelled. `status` is the phase, as the API and the read models show it.
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
/** The phases with a sale's ledgers: confirmed, or cancelled by a person. */
export type SoldEnrollment = ConfirmedEnrollment | CancelledSale;

export const enrollmentInitialState: EnrollmentState = { status: 'none', submission: null };

/** Whether the enrollment has a sale's ledgers (refunds, transfers, messages): confirmed, or cancelled by a person. */
export const hasSale = (s: EnrollmentState): s is SoldEnrollment => 'refunds' in s;
/** Whether the booking stands (held, paid or confirmed): attendance is kept for it. */
export const isBooked = (s: EnrollmentState): s is HeldEnrollment | PaidEnrollment | ConfirmedEnrollment =>
  'attendance' in s;
/** Phases in which the money has been taken: nothing about the first payment may change any more. */
export const isSettled = (s: EnrollmentState) =>
  s.status === 'paid' || s.status === 'confirmed' || s.status === 'refunded';
/** Cancelled (by anyone) or refunded: the booking is over. */
export const hasEnded = (s: EnrollmentState) => s.status === 'cancelled' || s.status === 'refunded';

/** The order of a sold enrollment (confirmed, or cancelled after it was sold). */
export const orderOf = (s: EnrollmentState): Order | null => ('order' in s ? s.order : null);
/** The cancellation by a person, if there was one. */
export const cancellationOf = (s: EnrollmentState): Cancellation | null =>
  'cancellation' in s ? s.cancellation : null;
/** The newer enrollment that replaced this one before it was paid. */
export const replacedByOf = (s: EnrollmentState): string | null => ('replacedBy' in s ? s.replacedBy : null);
/** The card payment that arrived, if one did. */
export const paymentOf = (s: EnrollmentState): Payment | null => ('paid' in s ? s.paid : null);

/**
 * The one card every card payment of the booking was made with (its sale, balance, instalments),
 * when each named it (record 152): "Amount paid … by Visa ending 4242". Null when none was, one
 * did not say, or two cards paid.
 */
export function oneCardOf(s: EnrollmentState): PaidCard | null {
  const paid = [paymentOf(s), ...(hasSale(s) ? [s.balancePaid, ...s.installmentsPaid] : [])].filter((p) => p !== null);
  const first = paid[0]?.card;
  if (!first) return null;
  const same = paid.every((p) => p.card?.brand === first.brand && p.card.last4 === first.last4);
  return same ? first : null;
}

/** Where one attendance mark is kept: the workshop (a make-up's is another), the session from 1, the participant from 0. */
export const attendanceKey = (workshopId: string, session: number, participant: number) =>
  `${workshopId}:${session}:${participant}`;

/** The key of a completed transfer, and of a move by the school, in `moves`. */
export const transferMove = (transferId: string) => `transfer:${transferId}`;
export const rescheduleMove = (changeId: string) => `reschedule:${changeId}`;

/** The enrollment, refused as not found when nothing was submitted. */
export function requireSubmitted(s: EnrollmentState): SubmittedEnrollment {
  if (s.status === 'none') throw refuse({ code: 'enrollment_not_found' });
  return s;
}

/** How the order was priced (its breakdown, what paid it), for any submitted enrollment. */
export const pricingOfState = (s: EnrollmentState): OrderPricing | null =>
  s.submission ? pricingOf(s.submission) : null;
