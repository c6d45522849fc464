import { describe, expect, it } from 'vitest';
import type { RoomTimeEvent } from '../../../contracts/locations/room-time.js';
import { roomTimeDecider, type RoomTimeCommand } from '../../../service/locations/room-time-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(roomTimeDecider);
const AT = '2027-01-04T12:00:00.000Z';
const span = (day: string, from: string, to: string) => ({
  startsAt: `2027-03-${day}T${from}:00-06:00`,
  endsAt: `2027-03-${day}T${to}:00-06:00`,
});
/** A four-week course in the room: Saturdays 6, 13, 20 and 27 March, 10:00-11:30. */
const course = ['06', '13', '20', '27'].map((d) => span(d, '10:00', '11:30'));
const courseBooked: RoomTimeEvent = {
  type: 'RoomTimeBooked',
  data: { roomId: 'r1', bookingId: 'w1', kind: 'class', title: 'Manners & Me', spans: course, bookedAt: AT },
};
const book = (
  bookingId: string,
  spans: ReturnType<typeof span>[],
): Extract<RoomTimeCommand, { type: 'BookRoomTime' }> => ({
  type: 'BookRoomTime' as const,
  roomId: 'r1',
  room: 'Salon',
  timeZone: 'America/Chicago',
  bookingId,
  title: 'Holiday Tea',
  spans,
  strict: true,
  at: AT,
});

describe('room time decider', () => {
  it('given an unbooked room, when a class books it, then RoomTimeBooked carries every session', () => {
    given([])
      .when({ ...book('w1', course), title: 'Manners & Me' })
      .then([courseBooked]);
  });

  it('given a course in the room, when a class overlaps its third session, then it is refused naming that booking and session', () => {
    given([courseBooked])
      .when(book('w2', [span('20', '11:00', '12:00')]))
      .thenThrows({
        code: 'conflict',
        refusal: {
          code: 'room_taken',
          room: 'Salon',
          bookingId: 'w1',
          title: 'Manners & Me',
          startsAt: course[2]!.startsAt,
          endsAt: course[2]!.endsAt,
        },
      });
  });

  it('given a course in the room, when a class starts as a session ends, then it is booked', () => {
    given([courseBooked])
      .when(book('w2', [span('13', '11:30', '13:00')]))
      .then([{ type: 'RoomTimeBooked', data: expect.objectContaining({ bookingId: 'w2' }) }]);
  });

  it('given a course in the room, when the course itself moves by half an hour, then its own sessions do not refuse it', () => {
    const moved = course.map((s) => ({ ...s, startsAt: s.startsAt.replace('10:00', '10:30') }));
    given([courseBooked])
      .when({ ...book('w1', moved), title: 'Manners & Me' })
      .then([{ type: 'RoomTimeBooked', data: expect.objectContaining({ bookingId: 'w1', spans: moved }) }]);
    given([courseBooked])
      .when({ ...book('w1', course), title: 'Manners & Me' })
      .then([]);
  });

  it('given a course in the room, when a fact overlapping it is recorded (not strict), then it is booked anyway', () => {
    given([courseBooked])
      .when({ ...book('w2', [span('20', '11:00', '12:00')]), strict: false })
      .then([{ type: 'RoomTimeBooked', data: expect.objectContaining({ bookingId: 'w2' }) }]);
  });

  it('given a course in the room, when it is freed, then RoomTimeFreed; freeing it again records nothing, and its time is free', () => {
    const freed: RoomTimeEvent = { type: 'RoomTimeFreed', data: { roomId: 'r1', bookingId: 'w1', freedAt: AT } };
    given([courseBooked]).when({ type: 'FreeRoomTime', roomId: 'r1', bookingId: 'w1', at: AT }).then([freed]);
    given([courseBooked, freed]).when({ type: 'FreeRoomTime', roomId: 'r1', bookingId: 'w1', at: AT }).then([]);
    given([courseBooked, freed])
      .when(book('w2', [span('20', '11:00', '12:00')]))
      .then([{ type: 'RoomTimeBooked', data: expect.objectContaining({ bookingId: 'w2' }) }]);
  });
});
