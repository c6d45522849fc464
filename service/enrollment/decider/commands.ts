import type {
  EnrollmentSubmitted,
  PaidCard,
  ParticipantTransferRequested,
  PaymentMethod,
  WorkshopWhenWhere,
} from '../../../contracts/enrollment/events.js';
import type { AfterSaleCommand } from './after-sale-commands.js';

export type * from './after-sale-commands.js';

/**
 * Every command of the enrollment stream; `decide` (enrollment-decider.ts) hands each to the
 * decision of the phase it belongs to. The sale's are here, those after it in after-sale-commands.ts.
 */
export type EnrollmentCommand = SaleCommand | AfterSaleCommand;

/** An enrollment's command by its type. */
export type Command<T extends EnrollmentCommand['type']> = Extract<EnrollmentCommand, { type: T }>;

/** The sale: submitted, paid (or free), confirmed; or expired, withdrawn, refunded late. */
export type SaleCommand =
  | { type: 'SubmitEnrollment'; submission: EnrollmentSubmitted }
  | OpenTransferredPlace
  | { type: 'RecordPaymentIntent'; paymentIntentId: string; provider: 'stripe' | 'offline'; amountCents: number }
  | {
      type: 'RecordPaymentSuccess';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
      /** The card the payment saved for an instalment plan's later charges. */
      savedCard?: { customerId: string; paymentMethodId: string };
      /** The card that paid, when the provider said. */
      card?: { brand: string; last4: string };
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
  | {
      /** An instalment the plan's stream charged (InstallmentPaid), recorded on the booking once per PaymentIntent. */
      type: 'RecordInstallmentPayment';
      n: number;
      paymentIntentId: string;
      amountCents: number;
      at: string;
      card?: PaidCard;
      /** Paid by the parent from the booking page, not the saved card. */
      paidBy?: 'parent';
    }
  /** An instalment the office waived on the plan (InstallmentWaived), recorded on the booking once. */
  | { type: 'RecordInstallmentWaiver'; n: number; amountCents: number; at: string }
  | RescheduleBooking
  | MarkAttendance
  | RecordCollection;

/** Opens the place's own booking in the target (on its new stream), paid with the money that came with it. */
export interface OpenTransferredPlace {
  type: 'OpenTransferredPlace';
  /** The booking the place leaves, as its stream holds it. */
  from: EnrollmentSubmitted;
  transfer: Pick<
    ParticipantTransferRequested,
    'participant' | 'name' | 'newEnrollmentId' | 'toWorkshopId' | 'item' | 'carriedCents' | 'placeLines'
  >;
  paymentIntentId: string | null;
  at: string;
}

/**
 * The school moved workshop `workshopId` (its date, time or place): the booking follows it. The
 * command carries the workshop's values as the reactor read them from the workshop's stream, and
 * `changeId` names this change for this enrollment, so a second delivery records nothing.
 */
export interface RescheduleBooking {
  type: 'RescheduleBooking';
  workshopId: string;
  changeId: string;
  /** The workshop's date, time and place now. */
  to: WorkshopWhenWhere;
  at: string;
}

/** An administrator marks participant `participant` (index from 0) present or absent at `workshopId`. */
export interface MarkAttendance {
  type: 'MarkAttendance';
  workshopId: string;
  /** The session, from 1. */
  session: number;
  /** When that session starts (the route reads it from the workshop): marks are taken from its day. */
  sessionStartsAt: string;
  participant: number;
  present: boolean;
  /** Take back the mark recorded (`present` is then not read). */
  undo?: boolean;
  /** The participant holds a make-up seat in this workshop's session (checked on its stream by the route). */
  makeup?: boolean;
  at: string;
}

/**
 * The instructor records who collected participant `participant` at the end of the session.
 * `allowed` is the family's list as the roster shows it (the parents and the pick-up list); a name
 * not on it is refused unless `confirmed` (the screen's second step), and is then recorded as not
 * on the list.
 */
export interface RecordCollection {
  type: 'RecordCollection';
  workshopId: string;
  /** The session it ends, from 1. */
  session: number;
  /** When that session starts (the route reads it from the workshop): pick-up is recorded from its day. */
  sessionStartsAt: string;
  participant: number;
  /** Take back who was recorded (`collectedBy` is then not read). */
  undo?: boolean;
  /** The participant holds a make-up seat in this workshop's session (checked on its stream by the route). */
  makeup?: boolean;
  collectedBy: string;
  allowed: { name: string; relationship: string }[];
  confirmed: boolean;
  at: string;
}
