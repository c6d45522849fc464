import type { Decider } from '../../platform/command/decider.js';
import type { AppointmentEvent, AppointmentRequested } from '../../contracts/appointments/booking.js';
import { refuse } from './refusals.js';

/** The money of a paid appointment. */
export interface AppointmentMoney {
  paymentIntentId: string;
  amountCents: number;
  paidAt: string;
}

/** What every recorded appointment knows: its request (its time as moved since) and how many moves it had. */
interface Known {
  request: AppointmentRequested;
  moves: number;
}

/**
 * One appointment's own stream, `appointment-<id>`: none yet; held (its time held on the
 * instructor's calendar, unpaid); paid (the money arrived, not sold yet); confirmed (sold);
 * expired (not paid in time); refunded (paid, but its time was gone); cancelled (its time given
 * back, `refundCents` owed back by the policy, `refunded` once it went).
 */
export type AppointmentState =
  | { phase: 'none' }
  | (Known & { phase: 'held' })
  | (Known & { phase: 'expired' })
  | (Known & { phase: 'paid'; money: AppointmentMoney })
  | (Known & { phase: 'confirmed'; money: AppointmentMoney | null })
  | (Known & { phase: 'refunded'; money: AppointmentMoney; refundedCents: number })
  | (Known & { phase: 'cancelled'; money: AppointmentMoney | null; refundCents: number; refunded: boolean });

/** How much of the appointment's price was paid by card. */
export const paidCentsOf = (state: AppointmentState): number =>
  'money' in state && state.money ? state.money.amountCents : 0;

/** Whether the start is at least `hours` ahead of `at`: a full refund, and a move online, then. */
export const inFullRefundWindow = (startsAt: string, at: string, hours: number) =>
  Date.parse(startsAt) - Date.parse(at) >= hours * 3_600_000;

export type AppointmentCommand =
  | { type: 'RecordAppointmentRequest'; request: AppointmentRequested; confirmed: boolean }
  | {
      type: 'RecordAppointmentPayment';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
    }
  | { type: 'ConfirmAppointment'; at: string }
  | { type: 'ExpireAppointment'; at: string }
  | { type: 'CancelAppointment'; by: 'parent' | 'office'; fullRefundHours: number; at: string }
  | {
      type: 'RescheduleAppointment';
      moveId: string;
      startsAt: string;
      endsAt: string;
      by: 'parent' | 'office';
      fullRefundHours: number;
      at: string;
    }
  | {
      type: 'RecordAppointmentRefund';
      paymentIntentId: string;
      refundId: string;
      amountCents: number;
      reason: 'time-taken' | 'cancelled';
      at: string;
    };

type Of<T extends AppointmentCommand['type']> = Extract<AppointmentCommand, { type: T }>;

export function evolveAppointment(state: AppointmentState, event: AppointmentEvent): AppointmentState {
  if (event.type === 'AppointmentRequested') return { phase: 'held', request: event.data, moves: 0 };
  if (state.phase === 'none') return state;
  const known = { request: state.request, moves: state.moves };
  switch (event.type) {
    case 'AppointmentPaid': {
      if (state.phase !== 'held' && state.phase !== 'expired') return state;
      const { paymentIntentId, amountCents, paidAt } = event.data;
      return { ...known, phase: 'paid', money: { paymentIntentId, amountCents, paidAt } };
    }
    case 'AppointmentConfirmed':
      if (state.phase === 'paid') return { ...known, phase: 'confirmed', money: state.money };
      return state.phase === 'held' ? { ...known, phase: 'confirmed', money: null } : state;
    case 'AppointmentExpired':
      return state.phase === 'held' ? { ...known, phase: 'expired' } : state;
    case 'AppointmentRefunded':
      if (state.phase === 'cancelled') return { ...state, refunded: true };
      return state.phase === 'paid'
        ? { ...known, phase: 'refunded', money: state.money, refundedCents: event.data.amountCents }
        : state;
    case 'AppointmentCancelled': {
      const money = 'money' in state ? state.money : null;
      return { ...known, phase: 'cancelled', money, refundCents: event.data.refundCents, refunded: false };
    }
    case 'AppointmentRescheduled': {
      const { startsAt, endsAt } = event.data;
      return { ...state, request: { ...state.request, startsAt, endsAt }, moves: state.moves + 1 };
    }
  }
}

function recordRequest(c: Of<'RecordAppointmentRequest'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase !== 'none') throw refuse({ code: 'appointment_exists' });
  const requested: AppointmentEvent = { type: 'AppointmentRequested', data: c.request };
  if (!c.confirmed) return [requested];
  const { appointmentId, requestedAt } = c.request;
  return [
    requested,
    { type: 'AppointmentConfirmed', data: { appointmentId, paymentIntentId: null, confirmedAt: requestedAt } },
  ];
}

/**
 * The money, recorded once: on a hold, or on one that lapsed (the checkout takes the time again if
 * it is still free, or gives the money back). Another intent, or money after the sale, changes nothing.
 */
function recordPayment(c: Of<'RecordAppointmentPayment'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase === 'none') throw refuse({ code: 'appointment_not_found' });
  if (state.phase !== 'held' && state.phase !== 'expired') return [];
  if (state.request.paymentIntentId !== c.paymentIntentId) return [];
  const { paymentIntentId, amountCents, providerEventId, source, at } = c;
  const appointmentId = state.request.appointmentId;
  return [
    {
      type: 'AppointmentPaid',
      data: { appointmentId, paymentIntentId, amountCents, providerEventId, source, paidAt: at },
    },
  ];
}

function confirm(c: Of<'ConfirmAppointment'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase === 'confirmed') return [];
  if (state.phase !== 'paid') throw refuse({ code: 'appointment_not_found' });
  const { appointmentId } = state.request;
  return [
    {
      type: 'AppointmentConfirmed',
      data: { appointmentId, paymentIntentId: state.money.paymentIntentId, confirmedAt: c.at },
    },
  ];
}

function expire(c: Of<'ExpireAppointment'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase !== 'held') return [];
  return [{ type: 'AppointmentExpired', data: { appointmentId: state.request.appointmentId, expiredAt: c.at } }];
}

/**
 * Cancelled, once: a hold unpaid or a confirmed appointment. The parent's refund is all that was
 * paid when the start is at least `fullRefundHours` ahead, nothing later; the office's is in full.
 * A lesson a pack paid for goes back to the pack by the same rule.
 */
function cancel(c: Of<'CancelAppointment'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase === 'cancelled') return [];
  if (state.phase !== 'held' && state.phase !== 'confirmed') throw refuse({ code: 'appointment_closed' });
  const paid = paidCentsOf(state);
  const full = c.by === 'office' || inFullRefundWindow(state.request.startsAt, c.at, c.fullRefundHours);
  const appointmentId = state.request.appointmentId;
  return [
    {
      type: 'AppointmentCancelled',
      data: {
        appointmentId,
        by: c.by,
        refundCents: full ? paid : 0,
        ...(state.request.lessonPackId ? { lessonBack: full } : {}),
        cancelledAt: c.at,
      },
    },
  ];
}

/** Moved, as its instructor's calendar decided (`moveId`); the parent only while the full-refund window is open. */
function reschedule(c: Of<'RescheduleAppointment'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase !== 'held' && state.phase !== 'confirmed') throw refuse({ code: 'appointment_closed' });
  const { request } = state;
  if (request.startsAt === c.startsAt && request.endsAt === c.endsAt) return [];
  if (c.by === 'parent' && !inFullRefundWindow(request.startsAt, c.at, c.fullRefundHours))
    throw refuse({ code: 'appointment_too_late_to_move', hours: c.fullRefundHours });
  const { moveId, startsAt, endsAt, by, at } = c;
  return [
    {
      type: 'AppointmentRescheduled',
      data: {
        appointmentId: request.appointmentId,
        moveId,
        from: { startsAt: request.startsAt, endsAt: request.endsAt },
        startsAt,
        endsAt,
        by,
        rescheduledAt: at,
      },
    },
  ];
}

/** The money back, recorded once: a payment whose time was gone, or a cancellation's refund. */
function recordRefund(c: Of<'RecordAppointmentRefund'>, state: AppointmentState): AppointmentEvent[] {
  const owed = state.phase === 'paid' || (state.phase === 'cancelled' && !state.refunded);
  if (!owed) return [];
  const { paymentIntentId, refundId, amountCents, reason, at } = c;
  const appointmentId = state.request.appointmentId;
  return [
    {
      type: 'AppointmentRefunded',
      data: { appointmentId, paymentIntentId, refundId, amountCents, reason, refundedAt: at },
    },
  ];
}

const DECISIONS: { [T in AppointmentCommand['type']]: (c: Of<T>, s: AppointmentState) => AppointmentEvent[] } = {
  RecordAppointmentRequest: recordRequest,
  RecordAppointmentPayment: recordPayment,
  ConfirmAppointment: confirm,
  ExpireAppointment: expire,
  CancelAppointment: cancel,
  RescheduleAppointment: reschedule,
  RecordAppointmentRefund: recordRefund,
};

/**
 * The booking's record, written once its time is held on the instructor's calendar. The calendar
 * decides the time; this stream keeps who it is for (under the family's key) and how its sale went.
 */
export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, AppointmentState> = {
  initialState: { phase: 'none' },
  evolve: evolveAppointment,
  decide: <T extends AppointmentCommand['type']>(command: Of<T>, state: AppointmentState) =>
    (DECISIONS[command.type] as (c: Of<T>, s: AppointmentState) => AppointmentEvent[])(command, state),
};
