import { describe, expect, it } from 'vitest';
import type { LessonPackEvent, LessonPackOrdered } from '../../../contracts/appointments/lesson-pack.js';
import type { AppointmentEvent, AppointmentRequested } from '../../../contracts/appointments/booking.js';
import { Refused } from '../../../service/core/errors.js';
import { appointmentDecider, type AppointmentCommand } from '../../../service/appointments/appointment-decider.js';
import { decideAppointmentCheckout } from '../../../service/appointments/checkout/appointment-checkout-workflow.js';
import {
  lessonPackDecider,
  remainingOf,
  type LessonPackCommand,
} from '../../../service/appointments/packs/lesson-pack-decider.js';

const PACK = 'p'.repeat(22);
const ORDER: LessonPackOrdered = {
  lessonPackId: PACK,
  code: '7QXM3KPD9HRT2WVB',
  typeId: 't1',
  count: 3,
  amountCents: 60_000,
  validDays: 90,
  paymentIntentId: 'pi_1',
  purchaserName: 'Olivia Bennett',
  purchaserEmail: 'olivia@example.com',
  orderedAt: '2030-03-04T18:00:00.000Z',
};
const PAID_AT = '2030-03-04T18:05:00.000Z';
const ordered: LessonPackEvent = { type: 'LessonPackOrdered', data: ORDER };
const paid: LessonPackEvent = {
  type: 'LessonPackPaid',
  data: {
    lessonPackId: PACK,
    paymentIntentId: 'pi_1',
    amountCents: 60_000,
    providerEventId: null,
    source: 'webhook',
    paidAt: PAID_AT,
    expiresAt: '2030-06-02T18:05:00.000Z',
  },
};
const drawn = (appointmentId: string): LessonPackEvent => ({
  type: 'LessonDrawnFromPack',
  data: { lessonPackId: PACK, appointmentId, drawnAt: PAID_AT },
});
const AT = '2030-03-10T12:00:00.000Z';
const draw = (appointmentId: string, typeId = 't1', at = AT): LessonPackCommand => ({
  type: 'DrawLesson',
  appointmentId,
  typeId,
  at,
});

/** Given these events, when the command is decided: its events, or the refusal's code. */
function decide(given: LessonPackEvent[], command: LessonPackCommand) {
  const state = given.reduce(lessonPackDecider.evolve, lessonPackDecider.initialState);
  try {
    return lessonPackDecider.decide(command, state);
  } catch (err) {
    if (err instanceof Refused) return err.refusal.code;
    throw err;
  }
}

const stateOf = (given: LessonPackEvent[]) => given.reduce(lessonPackDecider.evolve, lessonPackDecider.initialState);

describe('lesson pack decider (issue 38 item 7)', () => {
  it('given an ordered pack, when its own intent is paid, then it is issued valid for its days from the payment; paid again, nothing more', () => {
    const payment = {
      type: 'RecordLessonPackPayment',
      paymentIntentId: 'pi_1',
      amountCents: 60_000,
      providerEventId: 'evt_1',
      source: 'webhook',
      at: PAID_AT,
    } as const;
    expect(decide([ordered], payment)).toEqual([
      {
        type: 'LessonPackPaid',
        data: expect.objectContaining({ paidAt: PAID_AT, expiresAt: '2030-06-02T18:05:00.000Z' }),
      },
    ]);
    expect(decide([ordered, paid], payment)).toEqual([]);
    expect(decide([ordered], { ...payment, paymentIntentId: 'pi_other' })).toEqual([]);
    expect(decide([], payment)).toBe('lesson_pack_unknown');
  });

  it('given a pack not paid yet, when a lesson is drawn, then it is refused as unknown', () => {
    expect(decide([ordered], draw('a1'))).toBe('lesson_pack_unknown');
    expect(decide([], draw('a1'))).toBe('lesson_pack_unknown');
  });

  it('given a paid pack of three, when three bookings draw, then each takes one; the fourth is refused as used up', () => {
    expect(decide([ordered, paid], draw('a1'))).toEqual(
      [drawn('a1')].map((e) => ({ ...e, data: { ...e.data, drawnAt: AT } })),
    );
    const three = [ordered, paid, drawn('a1'), drawn('a2'), drawn('a3')];
    expect(remainingOf(stateOf(three))).toBe(0);
    expect(decide(three, draw('a4'))).toBe('lesson_pack_used_up');
  });

  it('given a booking that drew a lesson, when it draws again, then nothing more is taken', () => {
    expect(decide([ordered, paid, drawn('a1')], draw('a1'))).toEqual([]);
  });

  it('given a paid pack, when a booking of another type or after its expiry draws, then it is refused by name', () => {
    expect(decide([ordered, paid], draw('a1', 't2'))).toBe('lesson_pack_other_type');
    expect(decide([ordered, paid], draw('a1', 't1', '2030-06-02T18:05:00.000Z'))).toBe('lesson_pack_expired');
  });

  it('given a drawn lesson, when it is returned twice, then it is back once; a booking that never drew returns nothing', () => {
    const given = [ordered, paid, drawn('a1'), drawn('a2'), drawn('a3')];
    const back = { type: 'ReturnLesson', appointmentId: 'a2', reason: 'cancelled', at: AT } as const;
    const returned = decide(given, back);
    expect(returned).toEqual([
      {
        type: 'LessonReturnedToPack',
        data: { lessonPackId: PACK, appointmentId: 'a2', reason: 'cancelled', returnedAt: AT },
      },
    ]);
    const after = [...given, ...(returned as LessonPackEvent[])];
    expect(remainingOf(stateOf(after))).toBe(1);
    expect(decide(after, back)).toEqual([]);
    expect(decide(given, { ...back, appointmentId: 'zz' })).toEqual([]);
    expect(decide(after, draw('a4'))).toEqual([
      { type: 'LessonDrawnFromPack', data: { lessonPackId: PACK, appointmentId: 'a4', drawnAt: AT } },
    ]);
  });

  it('given an issued pack, when its e-mail is recorded twice, then once', () => {
    const email = { type: 'RecordLessonPackEmail', messageId: '<m>', transport: 'outbox', at: AT } as const;
    expect(decide([ordered, paid], email)).toHaveLength(1);
    expect(
      decide(
        [
          ordered,
          paid,
          {
            type: 'LessonPackEmailSent',
            data: { lessonPackId: PACK, messageId: '<m>', transport: 'outbox', sentAt: AT },
          },
        ],
        email,
      ),
    ).toEqual([]);
  });

  it('given an ordered pack, when it is ordered again, then it is refused', () => {
    expect(decide([ordered], { type: 'OrderLessonPack', order: ORDER })).toBe('lesson_pack_ordered_already');
  });
});

describe('a pack-paid lesson given back by the appointment checkout (issue 38 item 7)', () => {
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
    amountCents: 0,
    dueNowCents: 0,
    holdExpiresAt: null,
    lessonPackId: PACK,
    requestedAt: '2030-03-04T12:00:00-06:00',
  };
  const booked: AppointmentEvent[] = [
    { type: 'AppointmentRequested', data: REQUEST },
    { type: 'AppointmentConfirmed', data: { appointmentId: 'a1', paymentIntentId: null, confirmedAt: AT } },
  ];
  const cancel = (at: string): AppointmentCommand => ({
    type: 'CancelAppointment',
    by: 'parent',
    fullRefundHours: 24,
    at,
  });
  const cancelled = (at: string) => {
    const state = booked.reduce(appointmentDecider.evolve, appointmentDecider.initialState);
    const [event] = appointmentDecider.decide(cancel(at), state);
    return { event: event!, state: appointmentDecider.evolve(state, event!) };
  };
  const now = new Date('2030-03-05T12:00:00-06:00');
  const toPack = (outputs: ReturnType<typeof decideAppointmentCheckout>) =>
    outputs.filter((o) => o.to === 'lesson-pack');

  it('given a pack-paid lesson a week ahead, when the parent cancels it, then its lesson goes back to the pack', () => {
    const { event, state } = cancelled('2030-03-05T12:00:00-06:00');
    expect(event.data).toMatchObject({ refundCents: 0, lessonBack: true });
    const outputs = decideAppointmentCheckout(event as never, state, { now, maxPerDay: null });
    expect(toPack(outputs)).toEqual([
      {
        to: 'lesson-pack',
        lessonPackId: PACK,
        command: { type: 'ReturnLesson', appointmentId: 'a1', reason: 'cancelled', at: now.toISOString() },
      },
    ]);
  });

  it('given a pack-paid lesson tomorrow, when the parent cancels it inside the 24 hours, then the lesson is used, as a card payment would not be refunded', () => {
    const { event, state } = cancelled('2030-03-11T12:00:00-05:00');
    expect(event.data).toMatchObject({ lessonBack: false });
    expect(toPack(decideAppointmentCheckout(event as never, state, { now, maxPerDay: null }))).toEqual([]);
  });

  it('given a lesson paid by card, when it is cancelled, then no pack is told and the event says nothing of one', () => {
    const { lessonPackId: _none, ...byCard } = REQUEST;
    const state = [{ type: 'AppointmentRequested', data: byCard } as AppointmentEvent, booked[1]!].reduce(
      appointmentDecider.evolve,
      appointmentDecider.initialState,
    );
    const [event] = appointmentDecider.decide(cancel('2030-03-05T12:00:00-06:00'), state);
    expect(event!.data).not.toHaveProperty('lessonBack');
  });
});
