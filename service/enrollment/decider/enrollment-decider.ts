import type { Decider } from '../../../platform/command/decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { afterSaleDecisions } from '../after-sale/after-sale-rules.js';
import { correctionDecisions } from '../after-sale/participant-correction.js';
import { attendanceDecision } from '../attendance/attendance-rules.js';
import { collectionDecision } from '../attendance/collection-rules.js';
import { rescheduleDecision } from '../after-sale/reschedule-rules.js';
import {
  cancelParticipant,
  completeParticipantTransfer,
  openTransferredPlace,
  requestParticipantTransfer,
} from '../after-sale/participant-rules.js';
import type { EnrollmentCommand } from './commands.js';
import { enrollmentInitialState, type EnrollmentState } from './enrollment-state.js';
import { evolveEnrollment } from './evolve.js';
import { cancelUnpaidEnrollment, expireEnrollment, submitEnrollment } from './held-decisions.js';
import {
  confirmEnrollment,
  recordPaymentFailure,
  recordPaymentIntent,
  recordPaymentSuccess,
  recordRefund,
} from './payment-decisions.js';
import { recordBalanceIntent, recordBalancePayment, recordBalanceReminder } from './balance-decisions.js';
import {
  recordConfirmationEmail,
  recordConfirmationResent,
  recordReminder,
  requestConfirmationResend,
} from './confirmed-decisions.js';

export { balanceDueCents, enrollmentInitialState, refundableCents, type EnrollmentState } from './enrollment-state.js';
export { assertPayable } from './payment-decisions.js';
export type { EnrollmentCommand } from './commands.js';

/**
 * The enrollment stream's decider: one evolve (evolve.ts), and `decide` handing each command to
 * the decisions of the phase it belongs to (held, payment, confirmed, after the sale, attendance).
 */
export const enrollmentDecider: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = {
  initialState: enrollmentInitialState,
  evolve: evolveEnrollment,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitEnrollment':
        return submitEnrollment(command, state);
      case 'ExpireEnrollment':
        return expireEnrollment(command, state);
      case 'CancelEnrollment':
        return cancelUnpaidEnrollment(command, state);

      case 'RecordPaymentIntent':
        return recordPaymentIntent(command, state);
      case 'RecordPaymentSuccess':
        return recordPaymentSuccess(command, state);
      case 'RecordPaymentFailure':
        return recordPaymentFailure(command, state);
      case 'ConfirmEnrollment':
        return confirmEnrollment(command, state);
      case 'RecordRefund':
        return recordRefund(command, state);
      case 'RecordBalanceIntent':
        return recordBalanceIntent(command, state);
      case 'RecordBalancePayment':
        return recordBalancePayment(command, state);
      case 'RecordBalanceReminder':
        return recordBalanceReminder(command, state);

      case 'RecordConfirmationEmail':
        return recordConfirmationEmail(command, state);
      case 'RequestConfirmationResend':
        return requestConfirmationResend(command, state);
      case 'RecordConfirmationResent':
        return recordConfirmationResent(command, state);
      case 'RecordReminder':
        return recordReminder(command, state);

      case 'CancelBooking':
      case 'RetryRefunds':
      case 'RecordRefundIssued':
      case 'RecordRefundFailure':
      case 'RequestTransfer':
      case 'CompleteTransfer':
      case 'AbandonTransfer':
      case 'RecordNotification':
        return afterSaleDecisions(command, state);
      case 'CorrectParticipantDetails':
        return correctionDecisions(command, state);
      case 'MarkAttendance':
        return attendanceDecision(command, state);
      case 'RecordCollection':
        return collectionDecision(command, state);
      case 'RescheduleBooking':
        return rescheduleDecision(command, state);
      case 'CancelParticipant':
        return cancelParticipant(command, state);
      case 'RequestParticipantTransfer':
        return requestParticipantTransfer(command, state);
      case 'CompleteParticipantTransfer':
        return completeParticipantTransfer(command, state);
      case 'OpenTransferredPlace':
        return openTransferredPlace(command, state);
    }
  },
};
