import type { Decider } from '../../platform/command/decider.js';
import { AppError, conflict } from '../core/errors.js';
import type { EnrollmentEvent, EnrollmentSubmitted, PaymentMethod } from '../../contracts/enrollment/events.js';
import { afterSaleDecisions, type AfterSaleCommand } from './after-sale-rules.js';
import { correctionDecisions, withCorrectedDetails, type CorrectionCommand } from './participant-correction.js';
import { attendanceDecision, type MarkAttendance } from './attendance-rules.js';
import { rescheduleDecision, type RescheduleBooking } from './reschedule-rules.js';
import {
  enrollmentInitialState,
  refundRequest,
  requireEnrollment,
  rescheduleMove,
  transferMove,
  type EnrollmentState,
  type EnrollmentStatus,
  type RefundEntry,
} from './enrollment-state.js';

export { enrollmentInitialState, refundableCents, type EnrollmentState } from './enrollment-state.js';

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
  | RescheduleBooking
  | {
      type: 'RecordReminder';
      orderId: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      workshopStartsAt: string;
      at: string;
    }
  | { type: 'RequestConfirmationResend'; requestId: string; at: string }
  | {
      type: 'RecordConfirmationResent';
      requestId: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    };

/**
 * Whether the enrollment can still be paid for; throws the refusal the visitor reads. The checkout
 * asks before it calls the provider, and the decision recording the PaymentIntent asks again on
 * the revision it appends to.
 */
export function assertPayable(state: EnrollmentState): EnrollmentSubmitted {
  const submission = requireEnrollment(state);
  if (submission.isFree) throw new AppError('validation', 'This enrollment is free: no payment is needed.');
  if (state.status === 'paid' || state.status === 'confirmed')
    throw conflict('This enrollment is already paid. Check your e-mail for the confirmation.');
  if (state.status === 'expired')
    throw conflict('Your seat reservation has expired. Please enroll again from the schedule to pick a spot.');
  if (state.replacedBy) {
    throw conflict(
      'You sent the enrollment form again, so this earlier enrollment was replaced by the newer one. Please pay for your newer enrollment, or enroll again from the schedule.',
    );
  }
  if (state.status !== 'pending') throw conflict(`This enrollment is ${state.status} and cannot be paid.`);
  return submission;
}

const remember = (s: EnrollmentState, id: string | null) => (id ? [...s.providerEvents, id] : s.providerEvents);

/** States in which the money has been taken: nothing about the payment may change any more. */
const settled = (s: EnrollmentStatus) => s === 'paid' || s === 'confirmed' || s === 'refunded';

export const enrollmentDecider: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = {
  initialState: enrollmentInitialState,

  evolve(state, event) {
    switch (event.type) {
      case 'EnrollmentSubmitted':
        return {
          ...state,
          status: 'pending',
          submission: event.data,
          workshopId: event.data.workshopId,
          item: event.data.item,
          bookedItem: event.data.item,
          priceCents: event.data.amountCents,
        };
      case 'PaymentIntentCreated':
        return { ...state, paymentIntentId: event.data.paymentIntentId };
      case 'PaymentSucceeded':
        return {
          ...state,
          // Money for an enrollment cancelled after the sale is recorded (and refunded), never revives it.
          status: state.cancellation ? state.status : 'paid',
          paidIntentId: event.data.paymentIntentId,
          paidAt: event.data.succeededAt,
          paidCents: event.data.amountCents,
          providerEvents: remember(state, event.data.providerEventId),
        };
      case 'PaymentFailed':
        return {
          ...state,
          lastFailure: { code: event.data.code, reason: event.data.reason },
          providerEvents: remember(state, event.data.providerEventId),
        };
      case 'EnrollmentConfirmed':
        return {
          ...state,
          status: 'confirmed',
          orderId: event.data.orderId,
          orderReference: event.data.orderReference,
          confirmation: event.data,
        };
      case 'EnrollmentExpired':
        return { ...state, status: 'expired' };
      case 'EnrollmentCancelled': {
        const { reason, note, notify, cancelledAt } = event.data;
        const by = reason === 'cancelled-by-admin' ? 'admin' : reason === 'cancelled-by-visitor' ? 'visitor' : null;
        return {
          ...state,
          status: 'cancelled',
          replacedBy: event.data.replacedBy ?? null,
          cancellation: by ? { by, note: note ?? null, notify: notify ?? true, at: cancelledAt } : state.cancellation,
        };
      }
      case 'RefundIssued': {
        const { refundKey, amountCents, refundId } = event.data;
        const entry = refundKey ? state.refunds[refundKey] : undefined;
        return {
          ...state,
          // The late-payment refund ends a paid, unconfirmed enrollment; an after-sale one leaves the status be.
          status: state.status === 'paid' && !entry ? 'refunded' : state.status,
          refunds: entry
            ? { ...state.refunds, [entry.refundKey]: { ...entry, status: 'issued', refundId } }
            : state.refunds,
          unkeyedRefundCents: entry ? state.unkeyedRefundCents : state.unkeyedRefundCents + amountCents,
          refundedCents: state.refundedCents + amountCents,
        };
      }
      case 'ConfirmationEmailSent':
        return { ...state, emailSent: true };
      case 'RefundRequested': {
        const { refundKey, paymentIntentId, amountCents, reason, attempt } = event.data;
        const entry: RefundEntry = {
          refundKey,
          paymentIntentId,
          amountCents,
          reason,
          attempt,
          status: 'requested',
          refundId: null,
          failure: null,
        };
        return { ...state, refunds: { ...state.refunds, [refundKey]: entry } };
      }
      case 'RefundFailed': {
        const entry = state.refunds[event.data.refundKey];
        if (!entry) return state;
        const failure = { code: event.data.code, message: event.data.message };
        return { ...state, refunds: { ...state.refunds, [entry.refundKey]: { ...entry, status: 'failed', failure } } };
      }
      case 'TransferRequested': {
        const { transferId, fromWorkshopId, toWorkshopId, seats, fromItem, item, amountCents, refundCents } =
          event.data;
        return {
          ...state,
          transfer: { transferId, fromWorkshopId, toWorkshopId, seats, fromItem, item, amountCents, refundCents },
        };
      }
      case 'EnrollmentTransferred':
        return {
          ...state,
          transfer: null,
          transfersEnded: {
            ...state.transfersEnded,
            [event.data.transferId]: {
              outcome: 'completed',
              fromWorkshopId: event.data.fromWorkshopId,
              toWorkshopId: event.data.toWorkshopId,
              reason: null,
            },
          },
          workshopId: event.data.toWorkshopId,
          item: event.data.item,
          bookedItem: event.data.item,
          moves: [...state.moves, transferMove(event.data.transferId)],
          priceCents: event.data.amountCents,
          attendance: {},
        };
      case 'BookingRescheduled':
        return { ...state, item: event.data.item, moves: [...state.moves, rescheduleMove(event.data.changeId)] };
      case 'TransferAbandoned':
        return {
          ...state,
          transfer: null,
          transfersEnded: {
            ...state.transfersEnded,
            [event.data.transferId]: {
              outcome: 'abandoned',
              fromWorkshopId: state.transfer?.fromWorkshopId ?? state.workshopId ?? '',
              toWorkshopId: event.data.toWorkshopId,
              reason: event.data.reason,
            },
          },
        };
      case 'CustomerNotified':
        return { ...state, notified: [...state.notified, `${event.data.kind}:${event.data.ref}`] };
      case 'ReminderSent':
        return { ...state, reminderSent: true };
      case 'ParticipantDetailsCorrected':
        return { ...state, submission: withCorrectedDetails(state.submission, event.data) };
      case 'AttendanceMarked':
        return { ...state, attendance: { ...state.attendance, [event.data.participant]: event.data.present } };
      case 'ConfirmationResendRequested':
        return { ...state, resends: { ...state.resends, [event.data.requestId]: 'requested' } };
      case 'ConfirmationEmailResent':
        return { ...state, resends: { ...state.resends, [event.data.requestId]: 'sent' } };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitEnrollment':
        if (state.status !== 'none') throw conflict('This enrollment was already submitted.');
        return [{ type: 'EnrollmentSubmitted', data: command.submission }];

      case 'RecordPaymentIntent': {
        requireEnrollment(state);
        if (state.paymentIntentId === command.paymentIntentId) return [];
        const submission = assertPayable(state);
        const { paymentIntentId, provider, amountCents } = command;
        return [
          {
            type: 'PaymentIntentCreated',
            data: { enrollmentId: submission.enrollmentId, paymentIntentId, provider, amountCents, currency: 'usd' },
          },
        ];
      }

      case 'RecordPaymentSuccess': {
        const submission = requireEnrollment(state);
        // Duplicate, late and out-of-order deliveries land here: once paid, nothing changes.
        if (settled(state.status) || state.paidIntentId !== null) return [];
        // Expired or cancelled enrollments still record the money: it was taken and must be
        // honoured (seats permitting) or refunded.
        const { paymentIntentId, amountCents, providerEventId, source, at } = command;
        const succeeded: EnrollmentEvent = {
          type: 'PaymentSucceeded',
          data: {
            enrollmentId: submission.enrollmentId,
            paymentIntentId,
            amountCents,
            providerEventId,
            source,
            succeededAt: at,
          },
        };
        // Cancelled after the sale while a payment was on its way: the money goes back, all of it.
        if (state.cancellation && amountCents > 0)
          return [succeeded, refundRequest(state, paymentIntentId, amountCents, 'cancelled', at)];
        return [succeeded];
      }

      case 'RecordPaymentFailure': {
        const submission = requireEnrollment(state);
        // A failure reported after the success (out of order) or twice is not news.
        if (settled(state.status)) return [];
        if (command.providerEventId && state.providerEvents.includes(command.providerEventId)) return [];
        const { paymentIntentId, providerEventId, code, reason, at } = command;
        return [
          {
            type: 'PaymentFailed',
            data: {
              enrollmentId: submission.enrollmentId,
              paymentIntentId,
              providerEventId,
              code,
              reason,
              failedAt: at,
            },
          },
        ];
      }

      case 'ConfirmEnrollment': {
        const submission = requireEnrollment(state);
        if (state.status === 'confirmed') return [];
        const payable = state.status === 'paid' || (state.status === 'pending' && submission.isFree);
        if (!payable) throw conflict(`This enrollment cannot be confirmed: it is ${state.status}.`);
        const { orderId, orderReference, paymentMethod, at } = command;
        return [
          {
            type: 'EnrollmentConfirmed',
            data: {
              enrollmentId: submission.enrollmentId,
              orderId,
              orderReference,
              paymentMethod,
              amountCents: submission.isFree ? 0 : state.paidCents,
              paymentIntentId: submission.isFree ? null : state.paidIntentId,
              confirmedAt: at,
            },
          },
        ];
      }

      case 'ExpireEnrollment': {
        const submission = requireEnrollment(state);
        if (state.status !== 'pending') return [];
        // A free enrollment has no hold deadline of its own; one left pending (its confirmation was
        // cut off before the visitor got an answer) expires with its seat hold.
        const holdExpiresAt = submission.holdExpiresAt ?? command.at;
        return [
          {
            type: 'EnrollmentExpired',
            data: { enrollmentId: submission.enrollmentId, holdExpiresAt, expiredAt: command.at },
          },
        ];
      }

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
      case 'RescheduleBooking':
        return rescheduleDecision(command, state);

      case 'CancelEnrollment': {
        const submission = requireEnrollment(state);
        if (state.status === 'cancelled') return [];
        if (state.status !== 'pending' && state.status !== 'expired') {
          throw conflict(`This enrollment is ${state.status} and cannot be cancelled here.`);
        }
        const replacedBy = command.replacedBy ? { replacedBy: command.replacedBy } : {};
        return [
          {
            type: 'EnrollmentCancelled',
            data: {
              enrollmentId: submission.enrollmentId,
              reason: command.reason,
              cancelledAt: command.at,
              ...replacedBy,
            },
          },
        ];
      }

      case 'RecordRefund': {
        const submission = requireEnrollment(state);
        if (state.status === 'refunded') return [];
        if (state.status !== 'paid')
          throw conflict(`Only a paid, unconfirmed enrollment is refunded here; this one is ${state.status}.`);
        const { paymentIntentId, refundId, amountCents, reason, at } = command;
        return [
          {
            type: 'RefundIssued',
            data: {
              enrollmentId: submission.enrollmentId,
              paymentIntentId,
              refundId,
              amountCents,
              reason,
              refundedAt: at,
            },
          },
        ];
      }

      case 'RecordConfirmationEmail': {
        const submission = requireEnrollment(state);
        if (state.emailSent) return [];
        if (state.status !== 'confirmed') throw conflict('Only a confirmed enrollment gets a confirmation e-mail.');
        const { orderId, messageId, transport, at } = command;
        return [
          {
            type: 'ConfirmationEmailSent',
            data: { enrollmentId: submission.enrollmentId, orderId, messageId, transport, sentAt: at },
          },
        ];
      }

      case 'RequestConfirmationResend': {
        const submission = requireEnrollment(state);
        if (state.resends[command.requestId]) return [];
        if (state.status !== 'confirmed' || !state.orderId)
          throw conflict(
            `This enrollment is ${state.status}: only a confirmed enrollment has a confirmation to send again.`,
          );
        return [
          {
            type: 'ConfirmationResendRequested',
            data: {
              enrollmentId: submission.enrollmentId,
              requestId: command.requestId,
              orderId: state.orderId,
              requestedAt: command.at,
            },
          },
        ];
      }

      case 'RecordConfirmationResent': {
        const submission = requireEnrollment(state);
        // One e-mail per request: a second delivery of the request records nothing more.
        if (state.resends[command.requestId] !== 'requested') return [];
        const { requestId, messageId, transport, at } = command;
        return [
          {
            type: 'ConfirmationEmailResent',
            data: {
              enrollmentId: submission.enrollmentId,
              requestId,
              orderId: state.orderId ?? '',
              messageId,
              transport,
              sentAt: at,
            },
          },
        ];
      }

      case 'RecordReminder': {
        const submission = requireEnrollment(state);
        // One reminder per enrollment: a second send (a crash before the record, two processes) records nothing.
        if (state.reminderSent) return [];
        // Cancelled (or refunded) meanwhile: the reminder is not recorded as if the booking stood.
        if (state.status !== 'confirmed') throw conflict(`This enrollment is ${state.status}: it gets no reminder.`);
        const { orderId, messageId, transport, workshopStartsAt, at } = command;
        return [
          {
            type: 'ReminderSent',
            data: {
              enrollmentId: submission.enrollmentId,
              orderId,
              messageId,
              transport,
              workshopStartsAt,
              sentAt: at,
            },
          },
        ];
      }
    }
  },
};
