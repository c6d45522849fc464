import type { PaidCard, PurchasedItem } from '../../../contracts/enrollment/events.js';
import type { ParticipantDetail } from '../../../contracts/enrollment/participants.js';

/** How much a cancellation gives back: all that can still be refunded, nothing, or an amount in cents. */
export type RefundChoice = { kind: 'full' } | { kind: 'none' } | { kind: 'amount'; cents: number };

/** What happens to an enrollment once sold: its messages, balance, cancellation, refunds, transfers, places, details. */
export type AfterSaleCommand =
  | { type: 'RecordConfirmationEmail'; orderId: string; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | { type: 'RequestConfirmationResend'; requestId: string; at: string }
  | { type: 'RecordConfirmationResent'; requestId: string; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | {
      type: 'RecordReminder';
      orderId: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      workshopStartsAt: string;
      /** The session reminded of, from 1 (absent: the first). */
      session?: number;
      at: string;
    }
  | {
      type: 'RecordNotification';
      kind: 'cancellation' | 'transfer' | 'reschedule';
      ref: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    }
  | { type: 'RecordBalanceIntent'; paymentIntentId: string; provider: 'stripe' | 'offline'; amountCents: number }
  | {
      type: 'RecordBalancePayment';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
      card?: PaidCard;
    }
  | {
      type: 'RecordBalanceReminder';
      kind: 'week-before' | 'due-date';
      balanceCents: number;
      dueAt: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    }
  | {
      type: 'CancelBooking';
      by: 'admin' | 'visitor';
      refund: RefundChoice;
      /** Where the card's part goes back: the card, or the household's credit (the parent's or the office's choice). */
      refundTo?: 'card' | 'credit';
      note: string | null;
      notify: boolean;
      at: string;
    }
  /** Every refund the provider refused is asked for again (the next attempt, a new idempotency key). */
  | { type: 'RetryRefunds'; at: string }
  | {
      type: 'RecordRefundIssued';
      refundKey: string;
      attempt: number;
      refundId: string;
      amountCents: number;
      at: string;
    }
  | { type: 'RecordRefundFailure'; refundKey: string; attempt: number; code: string; message: string; at: string }
  | { type: 'RequestTransfer'; transferId: string; toWorkshopId: string; item: PurchasedItem; at: string }
  | { type: 'CompleteTransfer'; transferId: string; at: string }
  | { type: 'AbandonTransfer'; transferId: string; reason: string; at: string }
  | CancelParticipant
  | RequestParticipantTransfer
  /** The seat was taken in the target and the place's own booking opened: the move is recorded here. */
  | { type: 'CompleteParticipantTransfer'; transferId: string; at: string }
  /** The parent corrects the participants' details from the booking page (already checked by the form's schemas). */
  | { type: 'CorrectParticipantDetails'; participantDetails: ParticipantDetail[]; at: string };

/** One participant of a booking of several gives up their place; the others still come. */
export interface CancelParticipant {
  type: 'CancelParticipant';
  /** The participant's index in the booking, from 0. */
  participant: number;
  by: 'admin' | 'visitor';
  refund: RefundChoice;
  /** Where the card's part of the place's refund goes: the card (default) or the household's credit. */
  refundTo?: 'card' | 'credit';
  note: string | null;
  notify: boolean;
  at: string;
}

/** One participant of a booking of several moves to another workshop, the others staying. */
export interface RequestParticipantTransfer {
  type: 'RequestParticipantTransfer';
  participant: number;
  transferId: string;
  toWorkshopId: string;
  /** The target as it would be bought now. */
  item: PurchasedItem;
  /** The id of the booking of their own the place becomes in the target. */
  newEnrollmentId: string;
  at: string;
}
