import { attendanceKey } from './enrollment-state.js';
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

/** The attendance marks without one participant's (in every session): their place is gone. */
const withoutParticipant = (attendance: Record<string, boolean>, participant: number) =>
  Object.fromEntries(Object.entries(attendance).filter(([key]) => !key.endsWith(`:${participant}`)));

const remember = (s: EnrollmentState, id: string | null) => (id ? [...s.providerEvents, id] : s.providerEvents);

/** What every phase carries on: the ledgers. */
function ledgersOf(s: EnrollmentState): EnrollmentLedgers {
  const { paymentIntentId, lastFailure, providerEvents, emailSent, reminderSent, laterReminders, moves, priceCents } =
    s;
  const { refunds, unkeyedRefundCents, refundedCents, transfer, transfersEnded, notified, attendance, resends } = s;
  const { balanceIntentId, balancePaid, balanceReminders } = s;
  const { participantsLeft, carriedOutCents, collected } = s;
  return {
    paymentIntentId,
    lastFailure,
    providerEvents,
    emailSent,
    reminderSent,
    laterReminders,
    moves,
    priceCents,
    refunds,
    unkeyedRefundCents,
    refundedCents,
    transfer,
    transfersEnded,
    notified,
    attendance,
    collected,
    resends,
    balanceIntentId,
    balancePaid,
    balanceReminders,
    participantsLeft,
    carriedOutCents,
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
    case 'EnrollmentSubmitted': {
      const booking = {
        ...ledgersOf(state),
        submission: event.data,
        workshopId: event.data.workshopId,
        item: event.data.item,
        bookedItem: event.data.item,
        priceCents: event.data.amountCents,
      };
      // A participant's own booking, moved out of another: the money came with the place.
      const moved = event.data.splitFrom;
      if (moved?.paymentIntentId && moved.paidCents > 0)
        return {
          ...booking,
          status: 'paid',
          paid: { intentId: moved.paymentIntentId, at: moved.paidAt, cents: moved.paidCents },
        };
      return { ...booking, status: 'pending', paid: null };
    }
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
        collected: {},
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
            ...(state.transfer?.participant ? { newEnrollmentId: state.transfer.participant.newEnrollmentId } : {}),
          },
        },
      };
    case 'CustomerNotified':
      return { ...state, notified: [...state.notified, `${event.data.kind}:${event.data.ref}`] };
    case 'ReminderSent':
      return (event.data.session ?? 1) === 1
        ? { ...state, reminderSent: true }
        : { ...state, laterReminders: [...state.laterReminders, event.data.session] };
    case 'ParticipantDetailsCorrected':
      if (state.status === 'none') return state;
      return { ...state, submission: withCorrectedDetails(state.submission, event.data) ?? state.submission };
    case 'AttendanceMarked': {
      const key = attendanceKey(event.data.workshopId, event.data.session, event.data.participant);
      // A mark taken back: not marked again (attendance-rules.ts).
      const { [key]: _undone, ...others } = state.attendance;
      return { ...state, attendance: event.data.undone ? others : { ...others, [key]: event.data.present } };
    }
    case 'ParticipantCancelled': {
      const { participant, name, amountCents, cancelledAt: at, refundCents } = event.data;
      const attendance = withoutParticipant(state.attendance, participant);
      const place = { name, how: 'cancelled' as const, at, refundCents };
      return {
        ...state,
        participantsLeft: { ...state.participantsLeft, [participant]: place },
        priceCents: amountCents,
        attendance,
      };
    }
    case 'ParticipantTransferRequested': {
      const d = event.data;
      return {
        ...state,
        transfer: {
          transferId: d.transferId,
          fromWorkshopId: d.fromWorkshopId,
          toWorkshopId: d.toWorkshopId,
          seats: 1,
          fromItem: state.item ?? d.item,
          item: d.item,
          amountCents: d.carriedCents,
          refundCents: d.refundCents,
          participant: {
            index: d.participant,
            name: d.name,
            newEnrollmentId: d.newEnrollmentId,
            participants: d.participants,
            amountCents: d.amountCents,
          },
        },
      };
    }
    case 'ParticipantTransferred': {
      const d = event.data;
      const attendance = withoutParticipant(state.attendance, d.participant);
      const place = {
        name: d.name,
        how: 'transferred' as const,
        at: d.transferredAt,
        refundCents: d.refundCents,
        to: { title: d.item.title, enrollmentId: d.newEnrollmentId },
      };
      return {
        ...state,
        transfer: null,
        transfersEnded: {
          ...state.transfersEnded,
          [d.transferId]: {
            outcome: 'completed',
            fromWorkshopId: d.fromWorkshopId,
            toWorkshopId: d.toWorkshopId,
            reason: null,
            newEnrollmentId: d.newEnrollmentId,
          },
        },
        participantsLeft: { ...state.participantsLeft, [d.participant]: place },
        priceCents: d.amountCents,
        carriedOutCents: state.carriedOutCents + d.carriedCents,
        attendance,
      };
    }
    case 'ChildCollected': {
      const key = attendanceKey(event.data.workshopId, event.data.session, event.data.participant);
      // Who collected, taken back: nobody recorded again (collection-rules.ts).
      const { [key]: _undone, ...others } = state.collected;
      return { ...state, collected: event.data.undone ? others : { ...others, [key]: event.data.collectedBy } };
    }
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
