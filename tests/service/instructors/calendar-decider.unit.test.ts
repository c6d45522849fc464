import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../contracts/instructors/calendar.js';
import { calendarDecider, type CalendarCommand } from '../../../service/instructors/calendar-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(calendarDecider);
const AT = '2025-06-02T12:00:00-05:00';
const LATER = '2025-06-02T12:30:00-05:00';

const hold = (appointmentId: string, startsAt: string, endsAt: string, extra: Partial<CalendarCommand> = {}) =>
  ({
    type: 'HoldSlot',
    instructorId: 'i1',
    appointmentId,
    typeId: 't1',
    kind: 'lesson',
    startsAt,
    endsAt,
    bufferMinutes: 15,
    expiresAt: LATER,
    at: AT,
    ...extra,
  }) as CalendarCommand;

const held = (appointmentId: string, startsAt: string, endsAt: string, expiresAt: string | null = LATER) =>
  ({
    type: 'AppointmentSlotHeld',
    data: {
      instructorId: 'i1',
      appointmentId,
      typeId: 't1',
      kind: 'lesson',
      startsAt,
      endsAt,
      bufferMinutes: 15,
      expiresAt,
      heldAt: AT,
    },
  }) as CalendarEvent;

const classAt = (startsAt: string, endsAt: string): CalendarEvent => ({
  type: 'ClassTimeBlocked',
  data: { instructorId: 'i1', workshopId: 'w1', sessions: [{ startsAt, endsAt }], replaced: [], blockedAt: AT },
});

describe('an instructor calendar', () => {
  it('given a free calendar, when a lesson is held, then AppointmentSlotHeld with its times on the school clock', () => {
    given([])
      .when(hold('a1', '2025-06-09T15:00:00.000Z', '2025-06-09T16:00:00.000Z'))
      .then([held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00')]);
  });

  it('given a lesson held 10:00-11:00, when another overlaps it, then it is refused naming the lesson taken', () => {
    given([held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00')])
      .when(hold('a2', '2025-06-09T10:30:00-05:00', '2025-06-09T11:30:00-05:00'))
      .thenThrows({
        code: 'conflict',
        refusal: {
          code: 'instructor_time_taken',
          what: 'lesson',
          startsAt: '2025-06-09T10:00:00-05:00',
          endsAt: '2025-06-09T11:00:00-05:00',
        },
      });
  });

  it('given a lesson until 11:00 with 15 minutes of buffer, when the next starts 11:00, then refused; at 11:15, then held', () => {
    const first = held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00');
    given([first])
      .when(hold('a2', '2025-06-09T11:00:00-05:00', '2025-06-09T12:00:00-05:00'))
      .thenThrows({ refusal: { code: 'instructor_time_taken' } });
    given([first])
      .when(hold('a2', '2025-06-09T11:15:00-05:00', '2025-06-09T12:15:00-05:00'))
      .then([held('a2', '2025-06-09T11:15:00-05:00', '2025-06-09T12:15:00-05:00')]);
  });

  it('given a hold that lapsed, when another parent takes its time, then it is held', () => {
    given([held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00', '2025-06-02T11:00:00-05:00')])
      .when(hold('a2', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00'))
      .then([held('a2', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00')]);
  });

  it('given a class session the instructor teaches, when a lesson overlaps it, then it is refused naming the class', () => {
    given([classAt('2025-06-09T09:30:00-05:00', '2025-06-09T10:30:00-05:00')])
      .when(hold('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00'))
      .thenThrows({ refusal: { code: 'instructor_time_taken', what: 'class' } });
  });

  it('given a lesson booked, when the office places a class over it strictly, then it is refused', () => {
    given([held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00', null)])
      .when({
        type: 'BlockClassTime',
        instructorId: 'i1',
        workshopId: 'w1',
        sessions: [{ startsAt: '2025-06-09T10:30:00-05:00', endsAt: '2025-06-09T11:30:00-05:00' }],
        strict: true,
        at: AT,
      })
      .thenThrows({ refusal: { code: 'instructor_time_taken', what: 'lesson' } });
  });

  it('given one lesson that day and a cap of one a day, when a second is held the same school day, then the day is full', () => {
    given([held('a1', '2025-06-09T09:00:00-05:00', '2025-06-09T10:00:00-05:00', null)])
      .when(hold('a2', '2025-06-09T15:00:00-05:00', '2025-06-09T16:00:00-05:00', { maxPerDay: 1 }))
      .thenThrows({ refusal: { code: 'instructor_day_full', day: '2025-06-09', maxPerDay: 1 } });
  });

  it('given a held lesson, when it is confirmed, then AppointmentSlotBooked; confirmed again, then nothing', () => {
    const h = held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00');
    const booked: CalendarEvent = {
      type: 'AppointmentSlotBooked',
      data: {
        instructorId: 'i1',
        appointmentId: 'a1',
        typeId: 't1',
        kind: 'lesson',
        startsAt: '2025-06-09T10:00:00-05:00',
        endsAt: '2025-06-09T11:00:00-05:00',
        bufferMinutes: 15,
        bookedAt: AT,
      },
    };
    given([h]).when({ type: 'ConfirmSlot', instructorId: 'i1', appointmentId: 'a1', at: AT }).then([booked]);
    given([h, booked]).when({ type: 'ConfirmSlot', instructorId: 'i1', appointmentId: 'a1', at: AT }).then([]);
  });

  it('given two lessons, when one is moved onto the other, then refused; moved to a free time, then one event takes the new and frees the old', () => {
    const a1 = held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00', null);
    const a2 = held('a2', '2025-06-09T13:00:00-05:00', '2025-06-09T14:00:00-05:00', null);
    const move = (startsAt: string, endsAt: string): CalendarCommand => ({
      type: 'MoveSlot',
      instructorId: 'i1',
      appointmentId: 'a1',
      moveId: 'm1',
      startsAt,
      endsAt,
      by: 'parent',
      at: AT,
    });
    given([a1, a2])
      .when(move('2025-06-09T12:30:00-05:00', '2025-06-09T13:30:00-05:00'))
      .thenThrows({ refusal: { code: 'instructor_time_taken' } });
    given([a1, a2])
      .when(move('2025-06-09T10:30:00-05:00', '2025-06-09T11:30:00-05:00'))
      .then([
        {
          type: 'AppointmentSlotMoved',
          data: expect.objectContaining({
            appointmentId: 'a1',
            from: { startsAt: '2025-06-09T10:00:00-05:00', endsAt: '2025-06-09T11:00:00-05:00' },
            startsAt: '2025-06-09T10:30:00-05:00',
            endsAt: '2025-06-09T11:30:00-05:00',
          }),
        },
      ]);
  });

  it('given a held lesson, when it is released, then its time is free for another', () => {
    const h = held('a1', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00', null);
    const released: CalendarEvent = {
      type: 'AppointmentSlotReleased',
      data: {
        instructorId: 'i1',
        appointmentId: 'a1',
        startsAt: '2025-06-09T10:00:00-05:00',
        endsAt: '2025-06-09T11:00:00-05:00',
        reason: 'cancelled',
        releasedAt: AT,
      },
    };
    given([h])
      .when({ type: 'ReleaseSlot', instructorId: 'i1', appointmentId: 'a1', reason: 'cancelled', at: AT })
      .then([released]);
    given([h, released])
      .when(hold('a2', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00'))
      .then([held('a2', '2025-06-09T10:00:00-05:00', '2025-06-09T11:00:00-05:00')]);
  });
});
