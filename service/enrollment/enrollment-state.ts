import type {
  EnrollmentConfirmed,
  EnrollmentEvent,
  EnrollmentSubmitted,
  PurchasedItem,
  RefundReason,
} from '../../contracts/enrollment/events.js';
import { notFound } from '../core/errors.js';

export type EnrollmentStatus = 'none' | 'pending' | 'paid' | 'confirmed' | 'expired' | 'cancelled' | 'refunded';

export interface EnrollmentState {
  status: EnrollmentStatus;
  submission: EnrollmentSubmitted | null;
  paymentIntentId: string | null;
  /** The PaymentIntent that was paid (may differ from the latest created one). */
  paidIntentId: string | null;
  /** When the provider says the money arrived: a payment at or after the workshop's start is refunded. */
  paidAt: string | null;
  paidCents: number;
  orderId: string | null;
  orderReference: string | null;
  lastFailure: { code: string; reason: string } | null;
  /** Provider event ids already recorded, so a redelivered failure is not recorded twice. */
  providerEvents: string[];
  emailSent: boolean;
  /** The one reminder before the workshop has left (ReminderSent). */
  reminderSent: boolean;
  /** Set when the same parent's newer submission replaced this one. */
  replacedBy: string | null;
  /** The workshop the seats are in now (a transfer moves it), and what is bought there (a move by the school changes its date, time and place). */
  workshopId: string | null;
  item: PurchasedItem | null;
  /** The item as booked or transferred to, before any move by the school: the refund policy keeps its deadline. */
  bookedItem: PurchasedItem | null;
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
  /** Set by an after-sale cancellation (administrator or parent): final, nothing revives the enrollment. */
  cancellation: { by: 'admin' | 'visitor'; note: string | null; notify: boolean; at: string } | null;
  /** A transfer decided and not yet completed or abandoned. */
  transfer: PendingTransfer | null;
  /** Transfers that ended, by id: what the seat clean-up after each needs. */
  transfersEnded: Record<string, EndedTransfer>;
  /** `<kind>:<ref>` of every after-sale e-mail sent. */
  notified: string[];
  /** Attendance marked in the current workshop, by participant index (a transfer clears it). */
  attendance: Record<number, boolean>;
  /** The confirmation as recorded, for an e-mail sent again. */
  confirmation: EnrollmentConfirmed | null;
  /** Resend requests by id: whether each one's e-mail has left. */
  resends: Record<string, 'requested' | 'sent'>;
}

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
}

export const enrollmentInitialState: EnrollmentState = {
  status: 'none',
  submission: null,
  paymentIntentId: null,
  paidIntentId: null,
  paidAt: null,
  paidCents: 0,
  orderId: null,
  orderReference: null,
  lastFailure: null,
  providerEvents: [],
  emailSent: false,
  reminderSent: false,
  replacedBy: null,
  workshopId: null,
  item: null,
  bookedItem: null,
  moves: [],
  priceCents: 0,
  refunds: {},
  unkeyedRefundCents: 0,
  refundedCents: 0,
  cancellation: null,
  transfer: null,
  transfersEnded: {},
  notified: [],
  attendance: {},
  confirmation: null,
  resends: {},
};

/** The key of a completed transfer, and of a move by the school, in `moves`. */
export const transferMove = (transferId: string) => `transfer:${transferId}`;
export const rescheduleMove = (changeId: string) => `reschedule:${changeId}`;

export const requireEnrollment = (s: EnrollmentState): EnrollmentSubmitted => {
  if (s.status === 'none' || !s.submission)
    throw notFound('We could not find that enrollment. Please enroll again from the schedule.');
  return s.submission;
};

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

/** Paid less every refund already decided (issued, on its way or failed and waiting for a retry). */
export function refundableCents(state: EnrollmentState): number {
  if (!state.paidIntentId) return 0;
  const decided = Object.values(state.refunds).reduce((sum, r) => sum + r.amountCents, state.unkeyedRefundCents);
  return Math.max(0, state.paidCents - decided);
}
