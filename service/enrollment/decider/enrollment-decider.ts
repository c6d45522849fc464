import type { Decider } from '../../../platform/command/decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { attendanceDecisions } from './attendance-decisions.js';
import { balanceDecisions } from './balance-decisions.js';
import { bookingDecisions } from './booking-decisions.js';
import { cancelDecisions } from './cancel-decisions.js';
import type { EnrollmentCommand } from './commands.js';
import { confirmedDecisions } from './confirmed-decisions.js';
import { enrollmentInitialState, type EnrollmentState } from './enrollment-state.js';
import { evolveEnrollment } from './evolve.js';
import { heldDecisions } from './held-decisions.js';
import { newDecisions } from './new-decisions.js';
import { paidDecisions } from './paid-decisions.js';
import { participantDecisions } from './participant-decisions.js';
import { transferDecisions } from './transfer-decisions.js';

export { enrollmentInitialState, type EnrollmentState } from './enrollment-state.js';
export { balanceDueCents, refundableCents } from './refundable.js';
export { assertPayable } from './held-decisions.js';
export type { EnrollmentCommand } from './commands.js';

/** The enrollment stream's decider: one evolve (evolve.ts), and `decide` handing each command to its phase's decisions. */
export const enrollmentDecider: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = {
  initialState: enrollmentInitialState,
  evolve: evolveEnrollment,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitEnrollment':
        return newDecisions.SubmitEnrollment(command, state);
      case 'OpenTransferredPlace':
        return newDecisions.OpenTransferredPlace(command, state);
      case 'ExpireEnrollment':
        return heldDecisions.ExpireEnrollment(command, state);
      case 'CancelEnrollment':
        return heldDecisions.CancelEnrollment(command, state);
      case 'RecordPaymentIntent':
        return heldDecisions.RecordPaymentIntent(command, state);
      case 'RecordPaymentSuccess':
        return heldDecisions.RecordPaymentSuccess(command, state);
      case 'RecordPaymentFailure':
        return heldDecisions.RecordPaymentFailure(command, state);
      case 'ConfirmEnrollment':
        return paidDecisions.ConfirmEnrollment(command, state);
      case 'RecordRefund':
        return paidDecisions.RecordRefund(command, state);
      case 'RescheduleBooking':
        return bookingDecisions.RescheduleBooking(command, state);
      case 'CorrectParticipantDetails':
        return bookingDecisions.CorrectParticipantDetails(command, state);
      case 'MarkAttendance':
        return attendanceDecisions.MarkAttendance(command, state);
      case 'RecordCollection':
        return attendanceDecisions.RecordCollection(command, state);
      case 'RecordConfirmationEmail':
        return confirmedDecisions.RecordConfirmationEmail(command, state);
      case 'RequestConfirmationResend':
        return confirmedDecisions.RequestConfirmationResend(command, state);
      case 'RecordConfirmationResent':
        return confirmedDecisions.RecordConfirmationResent(command, state);
      case 'RecordReminder':
        return confirmedDecisions.RecordReminder(command, state);
      case 'RecordNotification':
        return confirmedDecisions.RecordNotification(command, state);
      case 'RecordBalanceIntent':
        return balanceDecisions.RecordBalanceIntent(command, state);
      case 'RecordBalancePayment':
        return balanceDecisions.RecordBalancePayment(command, state);
      case 'RecordBalanceReminder':
        return balanceDecisions.RecordBalanceReminder(command, state);
      case 'CancelBooking':
        return cancelDecisions.CancelBooking(command, state);
      case 'RetryRefunds':
        return cancelDecisions.RetryRefunds(command, state);
      case 'RecordRefundIssued':
        return cancelDecisions.RecordRefundIssued(command, state);
      case 'RecordRefundFailure':
        return cancelDecisions.RecordRefundFailure(command, state);
      case 'RequestTransfer':
        return transferDecisions.RequestTransfer(command, state);
      case 'CompleteTransfer':
        return transferDecisions.CompleteTransfer(command, state);
      case 'AbandonTransfer':
        return transferDecisions.AbandonTransfer(command, state);
      case 'CancelParticipant':
        return participantDecisions.CancelParticipant(command, state);
      case 'RequestParticipantTransfer':
        return participantDecisions.RequestParticipantTransfer(command, state);
      case 'CompleteParticipantTransfer':
        return participantDecisions.CompleteParticipantTransfer(command, state);
    }
  },
};
