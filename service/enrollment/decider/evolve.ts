import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { withCorrectedDetails } from '../after-sale/participant-correction.js';
import {
  orderOf,
  rescheduleMove,
  transferMove,
  type Booking,
  type EnrollmentLedgers,
  type EnrollmentState,
  type Payment,
  type RefundEntry,
  type SubmittedEnrollment,
} from './enrollment-state.js';

const remember = (s: EnrollmentState, id: string | null) => (id ? [...s.providerEvents, id] : s.providerEvents);

/** What every phase carries on: the ledgers. */
function ledgersOf(s: EnrollmentState): EnrollmentLedgers {
  const { paymentIntentId, lastFailure, providerEvents, emailSent, reminderSent, moves, priceCents } = s;
  const { refunds, unkeyedRefundCents, refundedCents, transfer, transfersEnded, notified, attendance, resends } = s;
  const { balanceIntentId, balancePaid, balanceReminders } = s;
  return {
    paymentIntentId,
    lastFailure,
    providerEvents,
    emailSent,
    reminderSent,
    moves,
    priceCents,
    refunds,
    unkeyedRefundCents,
    refundedCents,
    transfer,
    transfersEnded,
    notified,
    attendance,
    resends,
    balanceIntentId,
    balancePaid,
    balanceReminders,
  };
}

/** What a submitted enrollment carries into its next phase; the phase's own fields are set by the caller. */
function common(s: SubmittedEnrollment): EnrollmentLedgers & Booking {
  const { submission, workshopId, item, bookedItem } = s;
  return { ...ledgersOf(s), submission, workshopId, item, bookedItem };
}

/** The one evolve of the enrollment stream: each event moves the enrollment to its next phase or adds to what it holds. */
export function evolveEnrollment(state: EnrollmentState, event: EnrollmentEvent): EnrollmentState {
  switch (event.type) {
    case 'EnrollmentSubmitted':
      return {
        ...ledgersOf(state),
        status: 'pending',
        paid: null,
        submission: event.data,
        workshopId: event.data.workshopId,
        item: event.data.item,
        bookedItem: event.data.item,
        priceCents: event.data.amountCents,
      };
    case 'PaymentIntentCreated':
      return { ...state, paymentIntentId: event.data.paymentIntentId };
    case 'PaymentSucceeded': {
      if (state.status === 'none') return state;
      const paid: Payment = {
        intentId: event.data.paymentIntentId,
        at: event.data.succeededAt,
        cents: event.data.amountCents,
      };
      const providerEvents = remember(state, event.data.providerEventId);
      // Money for an enrollment cancelled by a person is recorded (and refunded), never revives it.
      if ('cancellation' in state && state.cancellation) return { ...state, paid, providerEvents };
      return { ...common(state), status: 'paid', paid, providerEvents };
    }
    case 'PaymentFailed':
      return {
        ...state,
        lastFailure: { code: event.data.code, reason: event.data.reason },
        providerEvents: remember(state, event.data.providerEventId),
      };
    case 'EnrollmentConfirmed': {
      if (state.status === 'none') return state;
      const { orderId, orderReference } = event.data;
      return {
        ...common(state),
        status: 'confirmed',
        paid: state.paid,
        order: { orderId, orderReference, confirmation: event.data },
      };
    }
    case 'EnrollmentExpired':
      if (state.status === 'none') return state;
      return { ...common(state), status: 'expired', paid: null };
    case 'EnrollmentCancelled': {
      if (state.status === 'none') return state;
      const { reason, note, notify, cancelledAt } = event.data;
      const by = reason === 'cancelled-by-admin' ? 'admin' : reason === 'cancelled-by-visitor' ? 'visitor' : null;
      if (by) {
        const cancellation = { by, note: note ?? null, notify: notify ?? true, at: cancelledAt } as const;
        return { ...common(state), status: 'cancelled', paid: state.paid, order: orderOf(state), cancellation };
      }
      // Cancelled by a person already: that cancellation stands.
      if ('cancellation' in state && state.cancellation) return state;
      return {
        ...common(state),
        status: 'cancelled',
        // Money once recorded is never forgotten: what was paid stays refundable.
        paid: state.paid,
        replacedBy: event.data.replacedBy ?? null,
        cancellation: null,
      };
    }
    case 'RefundIssued': {
      const { refundKey, amountCents, refundId } = event.data;
      const entry = refundKey ? state.refunds[refundKey] : undefined;
      const ledgers: Pick<EnrollmentLedgers, 'refunds' | 'unkeyedRefundCents' | 'refundedCents'> = {
        refunds: entry
          ? { ...state.refunds, [entry.refundKey]: { ...entry, status: 'issued', refundId } }
          : state.refunds,
        unkeyedRefundCents: entry ? state.unkeyedRefundCents : state.unkeyedRefundCents + amountCents,
        refundedCents: state.refundedCents + amountCents,
      };
      // The late-payment refund ends a paid, unconfirmed enrollment; an after-sale one leaves the phase be.
      if (state.status === 'paid' && !entry)
        return { ...common(state), ...ledgers, status: 'refunded', paid: state.paid };
      return { ...state, ...ledgers };
    }
    case 'ConfirmationEmailSent':
      return { ...state, emailSent: true };
    case 'RefundRequested': {
      const { refundKey, paymentIntentId, amountCents, reason, attempt } = event.data;
      const source = event.data.source ?? 'card';
      const entry: RefundEntry = {
        refundKey,
        source,
        to: event.data.to ?? source,
        giftCardId: event.data.giftCardId ?? null,
        householdId: event.data.householdId ?? null,
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
      const lines = event.data.lines ? { lines: event.data.lines } : {};
      return {
        ...state,
        transfer: {
          transferId,
          fromWorkshopId,
          toWorkshopId,
          seats,
          fromItem,
          item,
          amountCents,
          refundCents,
          ...lines,
        },
      };
    }
    case 'EnrollmentTransferred':
      if (state.status === 'none') return state;
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
      if (state.status === 'none') return state;
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
      if (state.status === 'none') return state;
      return { ...state, submission: withCorrectedDetails(state.submission, event.data) ?? state.submission };
    case 'AttendanceMarked':
      return { ...state, attendance: { ...state.attendance, [event.data.participant]: event.data.present } };
    case 'ConfirmationResendRequested':
      return { ...state, resends: { ...state.resends, [event.data.requestId]: 'requested' } };
    case 'ConfirmationEmailResent':
      return { ...state, resends: { ...state.resends, [event.data.requestId]: 'sent' } };
    case 'BalancePaymentIntentCreated':
      return { ...state, balanceIntentId: event.data.paymentIntentId };
    case 'BalancePaid': {
      const { paymentIntentId, paidAt, amountCents } = event.data;
      return {
        ...state,
        balancePaid: { intentId: paymentIntentId, at: paidAt, cents: amountCents },
        providerEvents: remember(state, event.data.providerEventId),
      };
    }
    case 'BalanceReminderSent':
      return { ...state, balanceReminders: [...state.balanceReminders, event.data.kind] };
  }
}
