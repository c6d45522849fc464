import type { Decider } from '../../platform/command/decider.js';
import type { RoomSpan, RoomTimeEvent } from '../../contracts/locations/room-time.js';
import { refuse } from './refusals.js';

interface Booking {
  title: string;
  spans: readonly RoomSpan[];
}

/** A room never booked, or with what holds its time by booking id. */
export type RoomTimeState = { phase: 'unbooked' } | { phase: 'booked'; bookings: Readonly<Record<string, Booking>> };

export type RoomTimeCommand =
  | {
      type: 'BookRoomTime';
      roomId: string;
      /** The room's name and its location's zone: for the refusal's words only. */
      room: string;
      timeZone: string;
      bookingId: string;
      title: string;
      spans: readonly RoomSpan[];
      /** False for a fact already decided elsewhere (the reconciling reactor): recorded even over another booking. */
      strict: boolean;
      at: string;
    }
  | { type: 'FreeRoomTime'; roomId: string; bookingId: string; at: string };

const overlaps = (a: RoomSpan, b: RoomSpan) =>
  Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const bookingsOf = (state: RoomTimeState) => (state.phase === 'booked' ? state.bookings : {});

function book(state: RoomTimeState, command: Extract<RoomTimeCommand, { type: 'BookRoomTime' }>): RoomTimeEvent[] {
  const { roomId, bookingId, title, at } = command;
  const spans = [...command.spans];
  const bookings = bookingsOf(state);
  if (bookings[bookingId] && same(bookings[bookingId], { title, spans })) return [];
  if (command.strict)
    for (const [otherId, other] of Object.entries(bookings)) {
      if (otherId === bookingId) continue;
      const clash = other.spans.find((s) => spans.some((mine) => overlaps(s, mine)));
      if (clash)
        throw refuse({
          code: 'room_taken',
          room: command.room,
          bookingId: otherId,
          title: other.title,
          startsAt: clash.startsAt,
          endsAt: clash.endsAt,
          timeZone: command.timeZone,
        });
    }
  return [{ type: 'RoomTimeBooked', data: { roomId, bookingId, kind: 'class', title, spans, bookedAt: at } }];
}

/**
 * `room-<roomId>`: the room's time. A class's sessions are booked as a whole (a change replaces
 * them), refused when any overlaps another booking's; freeing what is not there records nothing.
 */
export const roomTimeDecider: Decider<RoomTimeCommand, RoomTimeEvent, RoomTimeState> = {
  initialState: { phase: 'unbooked' },
  evolve(state, event) {
    const bookings = { ...bookingsOf(state) };
    switch (event.type) {
      case 'RoomTimeBooked':
        bookings[event.data.bookingId] = { title: event.data.title, spans: event.data.spans };
        break;
      case 'RoomTimeFreed':
        delete bookings[event.data.bookingId];
        break;
    }
    return { phase: 'booked', bookings };
  },
  decide(command, state) {
    switch (command.type) {
      case 'BookRoomTime':
        return book(state, command);
      case 'FreeRoomTime': {
        const { roomId, bookingId, at } = command;
        return bookingsOf(state)[bookingId]
          ? [{ type: 'RoomTimeFreed', data: { roomId, bookingId, freedAt: at } }]
          : [];
      }
    }
  },
};
