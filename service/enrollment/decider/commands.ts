import type { EnrollmentSubmitted, PaymentMethod } from '../../../contracts/enrollment/events.js';
import type { AfterSaleCommand } from '../after-sale/after-sale-rules.js';
import type { CorrectionCommand } from '../after-sale/participant-correction.js';
import type { MarkAttendance } from '../attendance/attendance-rules.js';
import type { RecordCollection } from '../attendance/collection-rules.js';
import type { RescheduleBooking } from '../after-sale/reschedule-rules.js';
import type {
  CancelParticipant,
  CompleteParticipantTransfer,
  OpenTransferredPlace,
  RequestParticipantTransfer,
} from '../after-sale/participant-rules.js';

/** Every command of the enrollment stream; `decide` (enrollment-decider.ts) hands each to its phase's decisions. */
export type EnrollmentCommand =
  | { type: 'SubmitEnrollment'; submission: EnrollmentSubmitted }
  | { type: 'RecordPaymentIntent'; paymentIntentId: string; provider: 'stripe' | 'offline'; amountCents: number }
  | {
      type: 'RecordPaymentSuccess';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
    }
  | {
      type: 'RecordPaymentFailure';
      paymentIntentId: string;
      providerEventId: string | null;
      code: string;
      reason: string;
      at: string;
    }
  | { type: 'ConfirmEnrollment'; orderId: string; orderReference: string; paymentMethod: PaymentMethod; at: string }
  | { type: 'ExpireEnrollment'; at: string }
  | {
      type: 'CancelEnrollment';
      reason: 'cancelled-by-admin' | 'cancelled-by-visitor' | 'payment-failed' | 'replaced-by-new-submission';
      replacedBy?: string;
      at: string;
    }
  | {
      type: 'RecordRefund';
      paymentIntentId: string;
      refundId: string;
      amountCents: number;
      reason: 'seats-unavailable' | 'cancelled' | 'workshop-begun';
      at: string;
    }
  | { type: 'RecordConfirmationEmail'; orderId: string; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | AfterSaleCommand
  | CorrectionCommand
  | MarkAttendance
  | RecordCollection
  | RescheduleBooking
  | CancelParticipant
  | RequestParticipantTransfer
  | CompleteParticipantTransfer
  | OpenTransferredPlace
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
  | { type: 'RequestConfirmationResend'; requestId: string; at: string }
  | { type: 'RecordBalanceIntent'; paymentIntentId: string; provider: 'stripe' | 'offline'; amountCents: number }
  | {
      type: 'RecordBalancePayment';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
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
      type: 'RecordConfirmationResent';
      requestId: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    };
