import type {
  EnrollmentEvent,
  EnrollmentSubmitted,
  ParticipantDetailsCorrected,
} from '../../../contracts/enrollment/events.js';
import { legacyFromDetails } from '../../../contracts/enrollment/participants.js';
import {
  attendanceKey,
  hasSale,
  isBooked,
  paymentOf,
  rescheduleMove,
  type Attendance,
  type Booking,
  type Cancellation,
  type EnrollmentState,
  type Payment,
  type SubmittedEnrollment,
} from './enrollment-state.js';
import { newSale } from './sale-state.js';

type Event<T extends EnrollmentEvent['type']> = Extract<EnrollmentEvent, { type: T }>;

/** What a submitted enrollment carries into any next phase: its booking. */
export const bookingOf = (s: SubmittedEnrollment): Booking => {
  const { submission, workshopId, item, bookedItem, moves, paymentIntentId, providerEvents } = s;
  return { submission, workshopId, item, bookedItem, moves, paymentIntentId, providerEvents };
};

/** The marks a booked enrollment carries on while it stays booked (none when it was not). */
const attendanceOf = (s: EnrollmentState): Attendance =>
  isBooked(s) ? { attendance: s.attendance, collected: s.collected } : { attendance: {}, collected: {} };

const remember = (s: Booking, id: string | null) => (id ? [...s.providerEvents, id] : s.providerEvents);

/** Submitted: held, or (a participant's own booking moved out of another) paid already, the money came with the place. */
export function submitted(state: EnrollmentState, event: Event<'EnrollmentSubmitted'>): EnrollmentState {
  if (state.status !== 'none') return state;
  const { data } = event;
  const booking: Booking & Attendance = {
    submission: data,
    workshopId: data.workshopId,
    item: data.item,
    bookedItem: data.item,
    moves: [],
    paymentIntentId: null,
    providerEvents: [],
    attendance: {},
    collected: {},
  };
  const moved = data.splitFrom;
  if (moved?.paymentIntentId && moved.paidCents > 0)
    return {
      ...booking,
      status: 'paid',
      paid: { intentId: moved.paymentIntentId, at: moved.paidAt, cents: moved.paidCents },
    };
  return { ...booking, status: 'pending' };
}

/** The money arrived: an unpaid hold (held, expired or withdrawn) is paid; a cancelled one records it, and stays cancelled. */
export function paymentSucceeded(state: EnrollmentState, event: Event<'PaymentSucceeded'>): EnrollmentState {
  const { paymentIntentId, succeededAt, amountCents, providerEventId, card } = event.data;
  const paid: Payment = { intentId: paymentIntentId, at: succeededAt, cents: amountCents, ...(card ? { card } : {}) };
  switch (state.status) {
    case 'pending':
    case 'expired':
      return paidHold(state, paid, providerEventId);
    case 'cancelled':
      // Money for an enrollment cancelled by a person is recorded (and refunded), never revives it.
      if (state.cancellation) return { ...state, paid, providerEvents: remember(state, providerEventId) };
      return paidHold(state, paid, providerEventId);
    default:
      return state;
  }
}

const paidHold = (state: SubmittedEnrollment, paid: Payment, providerEventId: string | null): EnrollmentState => ({
  ...bookingOf(state),
  ...attendanceOf(state),
  providerEvents: remember(state, providerEventId),
  status: 'paid',
  paid,
});

/** Confirmed: sold, at the price it was submitted for. */
export function confirmed(state: EnrollmentState, event: Event<'EnrollmentConfirmed'>): EnrollmentState {
  if (state.status !== 'pending' && state.status !== 'paid') return state;
  const { orderId, orderReference } = event.data;
  return {
    ...bookingOf(state),
    ...attendanceOf(state),
    ...newSale(state.submission.amountCents),
    status: 'confirmed',
    paid: paymentOf(state),
    order: { orderId, orderReference, confirmation: event.data },
  };
}

export const expired = (state: EnrollmentState): EnrollmentState =>
  state.status === 'pending' ? { ...bookingOf(state), status: 'expired' } : state;

const BY_PERSON = { 'cancelled-by-admin': 'admin', 'cancelled-by-visitor': 'visitor' } as const;

/** Cancelled by a person (final, whatever the phase), or withdrawn unpaid (replaced, or its payment failed for good). */
export function cancelled(state: EnrollmentState, event: Event<'EnrollmentCancelled'>): EnrollmentState {
  if (state.status === 'none') return state;
  const { reason, note, notify, cancelledAt } = event.data;
  const by = reason === 'cancelled-by-admin' || reason === 'cancelled-by-visitor' ? BY_PERSON[reason] : null;
  if (by) return cancelledByPerson(state, { by, note: note ?? null, notify: notify ?? true, at: cancelledAt });
  if (state.status !== 'pending' && state.status !== 'expired') return state;
  return { ...bookingOf(state), status: 'cancelled', replacedBy: event.data.replacedBy ?? null, cancellation: null };
}

function cancelledByPerson(state: SubmittedEnrollment, cancellation: Cancellation): EnrollmentState {
  if (state.status === 'confirmed') {
    const { attendance: _marks, collected: _collected, ...sold } = state;
    return { ...sold, status: 'cancelled', cancellation };
  }
  if (hasSale(state)) return { ...state, cancellation };
  // Refunded in full already: there is nothing left to cancel.
  if (state.status === 'refunded') return state;
  // Money once recorded is never forgotten: what was paid stays refundable.
  return {
    ...bookingOf(state),
    ...newSale(state.submission.amountCents),
    status: 'cancelled',
    paid: paymentOf(state),
    order: null,
    cancellation,
  };
}

/** A refund issued: a requested one settled (after the sale), or the late-payment refund that ends a paid, unconfirmed enrollment. */
export function refundIssued(state: EnrollmentState, event: Event<'RefundIssued'>): EnrollmentState {
  const { refundKey, amountCents, refundId } = event.data;
  if (hasSale(state)) {
    const entry = refundKey ? state.refunds[refundKey] : undefined;
    if (!entry) return state;
    return { ...state, refunds: { ...state.refunds, [entry.refundKey]: { ...entry, status: 'issued', refundId } } };
  }
  if (state.status !== 'paid' || refundKey) return state;
  return { ...bookingOf(state), status: 'refunded', paid: state.paid, refundedCents: amountCents };
}

/** The booking follows the workshop's move by the school. */
export const rescheduled = (state: EnrollmentState, event: Event<'BookingRescheduled'>): EnrollmentState =>
  state.status === 'none'
    ? state
    : { ...state, item: event.data.item, moves: [...state.moves, rescheduleMove(event.data.changeId)] };

/**
 * The submission as corrected: its form's details (and the specification's student fields derived
 * from them) and its attendees, so every reader of the state (reminder, after-sale e-mails) sees
 * what the parent wrote last.
 */
export function detailsCorrected(state: EnrollmentState, event: Event<'ParticipantDetailsCorrected'>): EnrollmentState {
  if (state.status === 'none') return state;
  return { ...state, submission: withCorrectedDetails(state.submission, event.data) };
}

const withCorrectedDetails = (
  submission: EnrollmentSubmitted,
  data: ParticipantDetailsCorrected,
): EnrollmentSubmitted => ({
  ...submission,
  attendees: data.attendees,
  form: {
    ...submission.form,
    ...legacyFromDetails(data.participantDetails),
    participantDetails: data.participantDetails,
  },
});

/** A mark at the roster, or who collected a participant, kept while the booking stands. */
export function marked(state: EnrollmentState, event: Event<'AttendanceMarked' | 'ChildCollected'>): EnrollmentState {
  if (!isBooked(state)) return state;
  const { workshopId, session, participant } = event.data;
  const key = attendanceKey(workshopId, session, participant);
  // A record taken back leaves nothing recorded there (attendance-decisions.ts).
  if (event.type === 'AttendanceMarked') {
    const { [key]: _taken, ...attendance } = state.attendance;
    return { ...state, attendance: event.data.undone ? attendance : { ...attendance, [key]: event.data.present } };
  }
  const { [key]: _taken, ...collected } = state.collected;
  return { ...state, collected: event.data.undone ? collected : { ...collected, [key]: event.data.collectedBy } };
}

/** The provider's report of the card payment, in any phase: its intent, and a failure remembered once. */
export function paymentReported(
  state: EnrollmentState,
  event: Event<'PaymentIntentCreated' | 'PaymentFailed'>,
): EnrollmentState {
  if (state.status === 'none') return state;
  if (event.type === 'PaymentIntentCreated') return { ...state, paymentIntentId: event.data.paymentIntentId };
  return { ...state, providerEvents: remember(state, event.data.providerEventId) };
}
