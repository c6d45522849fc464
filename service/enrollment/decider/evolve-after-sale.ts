import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import {
  hasSale,
  isBooked,
  transferMove,
  type Booking,
  type EnrollmentState,
  type SoldEnrollment,
} from './enrollment-state.js';
import type { RefundEntry, Sale } from './sale-state.js';

type Event<T extends EnrollmentEvent['type']> = Extract<EnrollmentEvent, { type: T }>;

/** A change to a sold enrollment (its ledgers, and what it shares with every phase); the other phases have none. */
const onSale = (state: EnrollmentState, change: (s: SoldEnrollment) => Partial<Sale & Booking>): EnrollmentState =>
  hasSale(state) ? { ...state, ...change(state) } : state;

/** The attendance marks without one participant's (in every session): their place is gone. */
function withoutParticipant(state: EnrollmentState, participant: number): EnrollmentState {
  if (!isBooked(state)) return state;
  const attendance = Object.entries(state.attendance).filter(([key]) => !key.endsWith(`:${participant}`));
  return { ...state, attendance: Object.fromEntries(attendance) };
}

/** Marks and pick-ups were for the workshop left behind. */
const cleared = (state: EnrollmentState): EnrollmentState =>
  isBooked(state) ? { ...state, attendance: {}, collected: {} } : state;

export const refundRequested = (state: EnrollmentState, event: Event<'RefundRequested'>) =>
  onSale(state, (s) => {
    const { refundKey, paymentIntentId, amountCents, reason, attempt } = event.data;
    const source = event.data.source ?? 'card';
    // A retry names the same refund again: it keeps what it was first decided with.
    const first = s.refunds[refundKey];
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
      requestedAt: first?.requestedAt ?? event.data.requestedAt,
      participant: event.data.participant ?? first?.participant ?? null,
      transferId: event.data.transferId ?? first?.transferId ?? null,
    };
    return { refunds: { ...s.refunds, [refundKey]: entry } };
  });

export const refundFailed = (state: EnrollmentState, event: Event<'RefundFailed'>) =>
  onSale(state, (s) => {
    const entry = s.refunds[event.data.refundKey];
    if (!entry) return {};
    const failure = { code: event.data.code, message: event.data.message };
    return { refunds: { ...s.refunds, [entry.refundKey]: { ...entry, status: 'failed', failure } } };
  });

export const transferRequested = (state: EnrollmentState, event: Event<'TransferRequested'>) =>
  onSale(state, () => {
    const { transferId, fromWorkshopId, toWorkshopId, seats, fromItem, item, amountCents, refundCents } = event.data;
    const lines = event.data.lines ? { lines: event.data.lines } : {};
    const transfer = { transferId, fromWorkshopId, toWorkshopId, seats, fromItem, item, amountCents, refundCents };
    return { transfer: { ...transfer, ...lines } };
  });

/** The whole booking moved: it is in the target now, at the target's price; what was marked was for the other workshop. */
export const transferred = (state: EnrollmentState, event: Event<'EnrollmentTransferred'>) =>
  cleared(
    onSale(state, (s) => {
      const { transferId, fromWorkshopId, toWorkshopId, item, amountCents } = event.data;
      const ended = { outcome: 'completed' as const, fromWorkshopId, toWorkshopId, reason: null };
      return {
        transfer: null,
        transfersEnded: { ...s.transfersEnded, [transferId]: ended },
        workshopId: toWorkshopId,
        item,
        bookedItem: item,
        moves: [...s.moves, transferMove(transferId)],
        priceCents: amountCents,
      };
    }),
  );

export const transferAbandoned = (state: EnrollmentState, event: Event<'TransferAbandoned'>) =>
  onSale(state, (s) => {
    const { transferId, toWorkshopId, reason } = event.data;
    const fromWorkshopId = s.transfer?.fromWorkshopId ?? s.workshopId ?? '';
    const newEnrollmentId = s.transfer?.participant ? { newEnrollmentId: s.transfer.participant.newEnrollmentId } : {};
    const ended = { outcome: 'abandoned' as const, fromWorkshopId, toWorkshopId, reason, ...newEnrollmentId };
    return { transfer: null, transfersEnded: { ...s.transfersEnded, [transferId]: ended } };
  });

export const participantCancelled = (state: EnrollmentState, event: Event<'ParticipantCancelled'>) => {
  const { participant, name, amountCents, cancelledAt: at, refundCents } = event.data;
  const place = { name, how: 'cancelled' as const, at, refundCents };
  const left = onSale(state, (s) => ({
    participantsLeft: { ...s.participantsLeft, [participant]: place },
    priceCents: amountCents,
  }));
  return withoutParticipant(left, participant);
};

export const participantTransferRequested = (state: EnrollmentState, event: Event<'ParticipantTransferRequested'>) =>
  onSale(state, (s) => {
    const d = event.data;
    const { newEnrollmentId, participants, amountCents } = d;
    return {
      transfer: {
        transferId: d.transferId,
        fromWorkshopId: d.fromWorkshopId,
        toWorkshopId: d.toWorkshopId,
        seats: 1,
        fromItem: s.item,
        item: d.item,
        amountCents: d.carriedCents,
        refundCents: d.refundCents,
        participant: {
          index: d.participant,
          name: d.name,
          newEnrollmentId,
          participants,
          amountCents,
          ...(d.lines ? { lines: d.lines } : {}),
          ...(d.placeLines ? { placeLines: d.placeLines } : {}),
        },
      },
    };
  });

export const participantTransferred = (state: EnrollmentState, event: Event<'ParticipantTransferred'>) => {
  const d = event.data;
  const to = { title: d.item.title, enrollmentId: d.newEnrollmentId };
  const place = { name: d.name, how: 'transferred' as const, at: d.transferredAt, refundCents: d.refundCents, to };
  const { fromWorkshopId, toWorkshopId, newEnrollmentId } = d;
  const ended = { outcome: 'completed' as const, fromWorkshopId, toWorkshopId, reason: null, newEnrollmentId };
  const moved = onSale(state, (s) => ({
    transfer: null,
    transfersEnded: { ...s.transfersEnded, [d.transferId]: ended },
    participantsLeft: { ...s.participantsLeft, [d.participant]: place },
    priceCents: d.amountCents,
    carriedOutCents: s.carriedOutCents + d.carriedCents,
  }));
  return withoutParticipant(moved, d.participant);
};

type MessageEvent = Event<
  | 'ConfirmationEmailSent'
  | 'CustomerNotified'
  | 'ReminderSent'
  | 'ConfirmationResendRequested'
  | 'ConfirmationEmailResent'
>;

/** An e-mail to the parent about the sale, recorded once it left (or, for a resend, once asked for). */
export const messageRecorded = (state: EnrollmentState, event: MessageEvent) =>
  onSale(state, (s): Partial<Sale> => {
    switch (event.type) {
      case 'ConfirmationEmailSent':
        return { emailSent: true };
      case 'CustomerNotified':
        return { notified: [...s.notified, `${event.data.kind}:${event.data.ref}`] };
      case 'ReminderSent':
        return (event.data.session ?? 1) === 1
          ? { reminderSent: true }
          : { laterReminders: [...s.laterReminders, event.data.session] };
      case 'ConfirmationResendRequested':
        return { resends: { ...s.resends, [event.data.requestId]: 'requested' } };
      case 'ConfirmationEmailResent':
        return { resends: { ...s.resends, [event.data.requestId]: 'sent' } };
    }
  });

type BalanceEvent = Event<
  | 'BalancePaymentIntentCreated'
  | 'BalancePaid'
  | 'BalanceOverpaid'
  | 'BalanceReminderSent'
  | 'InstallmentPaymentRecorded'
  | 'InstallmentWaiverRecorded'
>;

/** The balance of a deposit booking: its intent, its payment (the provider's event remembered), its reminders; a plan's instalments. */
export const balanceRecorded = (state: EnrollmentState, event: BalanceEvent) =>
  onSale(state, (s) => {
    switch (event.type) {
      case 'BalancePaymentIntentCreated':
        return { balanceIntentId: event.data.paymentIntentId };
      case 'BalancePaid': {
        const { paymentIntentId, paidAt, amountCents, providerEventId, card } = event.data;
        return {
          balancePaid: { intentId: paymentIntentId, at: paidAt, cents: amountCents, ...(card ? { card } : {}) },
          providerEvents: providerEventId ? [...s.providerEvents, providerEventId] : s.providerEvents,
        };
      }
      case 'BalanceOverpaid': {
        const { paymentIntentId, paidAt, amountCents, providerEventId } = event.data;
        return {
          overpaid: [...s.overpaid, { intentId: paymentIntentId, at: paidAt, cents: amountCents }],
          providerEvents: providerEventId ? [...s.providerEvents, providerEventId] : s.providerEvents,
        };
      }
      case 'BalanceReminderSent':
        return { balanceReminders: [...s.balanceReminders, event.data.kind] };
      case 'InstallmentPaymentRecorded': {
        const { n, paymentIntentId, paidAt, amountCents, card } = event.data;
        const paid = { n, intentId: paymentIntentId, at: paidAt, cents: amountCents, ...(card ? { card } : {}) };
        return { installmentsPaid: [...s.installmentsPaid, paid] };
      }
      case 'InstallmentWaiverRecorded':
        return {
          installmentsWaived: [...s.installmentsWaived, { n: event.data.n, cents: event.data.amountCents }],
        };
    }
  });
