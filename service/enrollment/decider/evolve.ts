import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { withCorrectedDetails } from '../after-sale/participant-correction.js';
import { rescheduleMove, transferMove, type EnrollmentState, type RefundEntry } from './enrollment-state.js';

const remember = (s: EnrollmentState, id: string | null) => (id ? [...s.providerEvents, id] : s.providerEvents);

/** The one evolve of the enrollment stream: each event moves the enrollment to its next phase or adds to what it holds. */
export function evolveEnrollment(state: EnrollmentState, event: EnrollmentEvent): EnrollmentState {
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
      const { transferId, fromWorkshopId, toWorkshopId, seats, fromItem, item, amountCents, refundCents } = event.data;
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
}
