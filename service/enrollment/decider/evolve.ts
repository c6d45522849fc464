import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EnrollmentState } from './enrollment-state.js';
import * as sale from './evolve-sale.js';
import * as afterSale from './evolve-after-sale.js';

type EventType = EnrollmentEvent['type'];
type Evolution<T extends EventType> = (
  state: EnrollmentState,
  event: Extract<EnrollmentEvent, { type: T }>,
) => EnrollmentState;

/**
 * What each event does to the enrollment, by its type: moves it to its next phase (evolve-sale.ts)
 * or adds to what its phase holds (evolve-after-sale.ts). An event its phase has no field for
 * leaves the state as it is (the decisions never record one).
 */
const EVOLUTIONS: { [T in EventType]: Evolution<T> } = {
  EnrollmentSubmitted: sale.submitted,
  PaymentIntentCreated: sale.paymentReported,
  PaymentSucceeded: sale.paymentSucceeded,
  PaymentFailed: sale.paymentReported,
  EnrollmentConfirmed: sale.confirmed,
  EnrollmentExpired: sale.expired,
  EnrollmentCancelled: sale.cancelled,
  RefundIssued: sale.refundIssued,
  BookingRescheduled: sale.rescheduled,
  ParticipantDetailsCorrected: sale.detailsCorrected,
  AttendanceMarked: sale.marked,
  ChildCollected: sale.marked,
  RefundRequested: afterSale.refundRequested,
  RefundFailed: afterSale.refundFailed,
  TransferRequested: afterSale.transferRequested,
  EnrollmentTransferred: afterSale.transferred,
  TransferAbandoned: afterSale.transferAbandoned,
  ParticipantCancelled: afterSale.participantCancelled,
  ParticipantTransferRequested: afterSale.participantTransferRequested,
  ParticipantTransferred: afterSale.participantTransferred,
  ConfirmationEmailSent: afterSale.messageRecorded,
  CustomerNotified: afterSale.messageRecorded,
  ReminderSent: afterSale.messageRecorded,
  ConfirmationResendRequested: afterSale.messageRecorded,
  ConfirmationEmailResent: afterSale.messageRecorded,
  BalancePaymentIntentCreated: afterSale.balanceRecorded,
  BalancePaid: afterSale.balanceRecorded,
  BalanceOverpaid: afterSale.balanceRecorded,
  BalanceReminderSent: afterSale.balanceRecorded,
  InstallmentPaymentRecorded: afterSale.balanceRecorded,
  InstallmentWaiverRecorded: afterSale.balanceRecorded,
};

/** The one evolve of the enrollment stream. */
export const evolveEnrollment = <T extends EventType>(
  state: EnrollmentState,
  event: Extract<EnrollmentEvent, { type: T }>,
): EnrollmentState => (EVOLUTIONS[event.type] as Evolution<T>)(state, event);
