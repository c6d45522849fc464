import type { Decider } from '../../platform/command/decider.js';
import type { AppointmentEvent, AppointmentRequested } from '../../contracts/appointments/booking.js';
import { refuse } from './refusals.js';

/** The money of a paid appointment. */
export interface AppointmentMoney {
  paymentIntentId: string;
  amountCents: number;
  paidAt: string;
}

/**
 * One appointment's own stream, `appointment-<id>`: none yet; held (its time held on the
 * instructor's calendar, unpaid); paid (the money arrived, not sold yet); confirmed (sold);
 * expired (not paid in time); refunded (paid, but its time was gone).
 */
export type AppointmentState =
  | { phase: 'none' }
  | { phase: 'held'; request: AppointmentRequested }
  | { phase: 'expired'; request: AppointmentRequested }
  | { phase: 'paid'; request: AppointmentRequested; money: AppointmentMoney }
  | { phase: 'confirmed'; request: AppointmentRequested; money: AppointmentMoney | null }
  | { phase: 'refunded'; request: AppointmentRequested; money: AppointmentMoney; refundedCents: number };

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
  switch (event.type) {
    case 'AppointmentRequested':
      return { phase: 'held', request: event.data };
    case 'AppointmentPaid': {
      if (state.phase !== 'held' && state.phase !== 'expired') return state;
      const { paymentIntentId, amountCents, paidAt } = event.data;
      return { phase: 'paid', request: state.request, money: { paymentIntentId, amountCents, paidAt } };
    }
    case 'AppointmentConfirmed':
      if (state.phase === 'paid') return { phase: 'confirmed', request: state.request, money: state.money };
      return state.phase === 'held' ? { phase: 'confirmed', request: state.request, money: null } : state;
    case 'AppointmentExpired':
      return state.phase === 'held' ? { phase: 'expired', request: state.request } : state;
    case 'AppointmentRefunded':
      return state.phase === 'paid'
        ? { phase: 'refunded', request: state.request, money: state.money, refundedCents: event.data.amountCents }
        : state;
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

function recordRefund(c: Of<'RecordAppointmentRefund'>, state: AppointmentState): AppointmentEvent[] {
  if (state.phase !== 'paid') return [];
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
