import { describe, expect, it } from 'vitest';
import type { AppointmentEvent, AppointmentRequested } from '../../../contracts/appointments/booking.js';
import {
  appointmentDecider,
  type AppointmentCommand,
  type AppointmentState,
} from '../../../service/appointments/appointment-decider.js';
import { decideAppointmentCheckout } from '../../../service/appointments/checkout/appointment-checkout-workflow.js';

const REQUEST: AppointmentRequested = {
  appointmentId: 'a1',
  typeId: 't1',
  kind: 'lesson',
  instructorId: 'i1',
  startsAt: '2030-03-12T10:00:00-05:00',
  endsAt: '2030-03-12T11:00:00-05:00',
  firstName: 'Olivia',
  lastName: 'Bennett',
  email: 'olivia@example.com',
  phone: '2145550199',
  participantName: 'Emma Bennett',
  amountCents: 25_000,
  dueNowCents: 25_000,
  holdExpiresAt: '2030-03-04T12:30:00-06:00',
  paymentIntentId: 'pi_1',
  requestedAt: '2030-03-04T12:00:00-06:00',
};
const AT = '2030-03-04T12:10:00-06:00';
const PAID: AppointmentEvent = {
  type: 'AppointmentPaid',
  data: {
    appointmentId: 'a1',
    paymentIntentId: 'pi_1',
    amountCents: 25_000,
    providerEventId: null,
    source: 'webhook',
    paidAt: AT,
  },
};

const given = (...events: AppointmentEvent[]): AppointmentState =>
  events.reduce(appointmentDecider.evolve, appointmentDecider.initialState);
const when = (state: AppointmentState, command: AppointmentCommand) => appointmentDecider.decide(command, state);
const requested: AppointmentEvent = { type: 'AppointmentRequested', data: REQUEST };
const ctx = { now: new Date(AT), maxPerDay: null };

describe('an appointment and its checkout, given/when/then', () => {
  it('given a hold, when its money is recorded twice, then once; another intent records nothing', () => {
    const held = given(requested);
    const pay = {
      type: 'RecordAppointmentPayment',
      paymentIntentId: 'pi_1',
      amountCents: 25_000,
      providerEventId: null,
      source: 'webhook',
      at: AT,
    } as const;
    expect(when(held, pay).map((e) => e.type)).toEqual(['AppointmentPaid']);
    expect(when(given(requested, PAID), pay)).toEqual([]);
    expect(when(held, { ...pay, paymentIntentId: 'pi_other' })).toEqual([]);
  });

  it('given paid, when the workflow decides, then the calendar confirms the time and then the appointment', () => {
    const outputs = decideAppointmentCheckout(PAID as never, given(requested, PAID), ctx);
    expect(outputs.map((o) => [o.to, 'command' in o ? o.command.type : null])).toEqual([
      ['calendar', 'ConfirmSlot'],
      ['appointment', 'ConfirmAppointment'],
    ]);
  });

  it('given paid and the calendar refusing the time, when the refusal is fed back, then all the money goes back', () => {
    const outputs = decideAppointmentCheckout(
      { type: 'StepRefused', data: { step: 'calendar' } },
      given(requested, PAID),
      ctx,
    );
    expect(outputs).toEqual([{ to: 'refund', appointmentId: 'a1', paymentIntentId: 'pi_1', reason: 'time-taken' }]);
  });

  it('given a hold lapsed, when expired, then its time is released; a payment afterwards revives it', () => {
    const expired: AppointmentEvent = { type: 'AppointmentExpired', data: { appointmentId: 'a1', expiredAt: AT } };
    const state = given(requested, expired);
    expect(
      decideAppointmentCheckout(expired as never, state, ctx).map((o) => ('command' in o ? o.command : null)),
    ).toEqual([expect.objectContaining({ type: 'ReleaseSlot', reason: 'expired' })]);
    expect(given(requested, expired, PAID).phase).toBe('paid');
  });

  it('given a confirmed appointment, when the parent cancels 24 hours or more ahead, then all is refunded; later, nothing', () => {
    const confirmed: AppointmentEvent = {
      type: 'AppointmentConfirmed',
      data: { appointmentId: 'a1', paymentIntentId: 'pi_1', confirmedAt: AT },
    };
    const state = given(requested, PAID, confirmed);
    const cancel = (at: string) => when(state, { type: 'CancelAppointment', by: 'parent', fullRefundHours: 24, at });
    expect(cancel('2030-03-11T10:00:00-05:00')[0]!.data).toMatchObject({ refundCents: 25_000 });
    expect(cancel('2030-03-11T10:00:01-05:00')[0]!.data).toMatchObject({ refundCents: 0 });
    const cancelled = given(requested, PAID, confirmed, cancel(AT)[0]!);
    expect(decideAppointmentCheckout(cancel(AT)[0]! as never, cancelled, ctx).map((o) => o.to)).toEqual([
      'calendar',
      'refund',
    ]);
    expect(when(cancelled, { type: 'CancelAppointment', by: 'parent', fullRefundHours: 24, at: AT })).toEqual([]);
  });

  it('given a confirmed appointment, when the parent moves it inside the window, then refused; the office may', () => {
    const confirmed: AppointmentEvent = {
      type: 'AppointmentConfirmed',
      data: { appointmentId: 'a1', paymentIntentId: 'pi_1', confirmedAt: AT },
    };
    const state = given(requested, PAID, confirmed);
    const move = {
      type: 'RescheduleAppointment',
      moveId: 'm1',
      startsAt: '2030-03-12T09:00:00-05:00',
      endsAt: '2030-03-12T10:00:00-05:00',
      fullRefundHours: 24,
      at: '2030-03-12T08:00:00-05:00',
    } as const;
    expect(() => when(state, { ...move, by: 'parent' })).toThrow('appointment_too_late_to_move');
    const moved = when(state, { ...move, by: 'office' });
    expect(given(requested, PAID, confirmed, ...moved)).toMatchObject({
      moves: 1,
      request: { startsAt: move.startsAt },
    });
  });
});
