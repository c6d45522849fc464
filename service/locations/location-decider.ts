import type { Decider } from '../../platform/command/decider.js';
import type { LocationEvent } from '../../contracts/locations/events.js';
import type { LocationRecord, Room, RoomInput } from '../../contracts/locations/location.js';
import { refuse } from './refusals.js';

/** A location not opened yet, or open with its record and rooms: each phase carries only its fields. */
export type LocationState = { phase: 'unopened' } | { phase: 'open'; record: LocationRecord; rooms: readonly Room[] };

export type LocationCommand =
  | { type: 'OpenLocation'; record: LocationRecord; rooms: readonly Room[]; at: string }
  /**
   * The rooms as a whole: those with an id kept (renamed, resized), those without one added under
   * the next of `newRoomIds`, the rest removed.
   */
  | {
      type: 'UpdateLocation';
      record: LocationRecord;
      rooms: readonly RoomInput[];
      newRoomIds: readonly string[];
      at: string;
    };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function open(state: LocationState, { record, rooms, at }: Extract<LocationCommand, { type: 'OpenLocation' }>) {
  if (state.phase !== 'unopened') throw refuse({ code: 'location_exists' });
  const { locationId } = record;
  return [
    { type: 'LocationOpened' as const, data: { ...record, openedAt: at } },
    ...rooms.map((r) => ({
      type: 'RoomAdded' as const,
      data: { locationId, roomId: r.id, name: r.name, capacity: r.capacity, addedAt: at },
    })),
  ];
}

function update(state: LocationState, command: Extract<LocationCommand, { type: 'UpdateLocation' }>): LocationEvent[] {
  if (state.phase !== 'open') throw refuse({ code: 'location_not_found' });
  const { record, at } = command;
  const { locationId } = record;
  const before = new Map(state.rooms.map((r) => [r.id, r]));
  const fresh = [...command.newRoomIds];
  const rooms = command.rooms.map(({ id, name, capacity }): Room => {
    if (id !== undefined && !before.has(id)) throw refuse({ code: 'room_not_found', roomId: id });
    return { id: id ?? fresh.shift()!, name, capacity };
  });
  const events: LocationEvent[] = [];
  if (!same(state.record, record)) events.push({ type: 'LocationUpdated', data: { ...record, updatedAt: at } });
  const kept = new Set<string>();
  for (const room of rooms) {
    kept.add(room.id);
    const was = before.get(room.id);
    const data = { locationId, roomId: room.id, name: room.name, capacity: room.capacity };
    if (!was) events.push({ type: 'RoomAdded', data: { ...data, addedAt: at } });
    else if (!same(was, room)) events.push({ type: 'RoomChanged', data: { ...data, changedAt: at } });
  }
  for (const room of state.rooms)
    if (!kept.has(room.id)) events.push({ type: 'RoomRemoved', data: { locationId, roomId: room.id, removedAt: at } });
  return events;
}

/** The rooms after one room event, in the order they were added. */
function roomsAfter(rooms: readonly Room[], event: LocationEvent): readonly Room[] {
  switch (event.type) {
    case 'RoomAdded':
      return [...rooms, { id: event.data.roomId, name: event.data.name, capacity: event.data.capacity }];
    case 'RoomChanged': {
      const { roomId, name, capacity } = event.data;
      return rooms.map((r) => (r.id === roomId ? { id: roomId, name, capacity } : r));
    }
    case 'RoomRemoved':
      return rooms.filter((r) => r.id !== event.data.roomId);
    default:
      return rooms;
  }
}

/**
 * `location-<id>`: a location opened once with its rooms, then changed as a whole. The same values
 * again record nothing. A room's time is another stream's (room-time-decider.ts).
 */
export const locationDecider: Decider<LocationCommand, LocationEvent, LocationState> = {
  initialState: { phase: 'unopened' },
  evolve(state, event) {
    switch (event.type) {
      case 'LocationOpened': {
        const { openedAt: _at, ...record } = event.data;
        return { phase: 'open', record, rooms: [] };
      }
      case 'LocationUpdated': {
        if (state.phase !== 'open') return state;
        const { updatedAt: _at, ...record } = event.data;
        return { ...state, record };
      }
      case 'RoomAdded':
      case 'RoomChanged':
      case 'RoomRemoved':
        return state.phase === 'open' ? { ...state, rooms: roomsAfter(state.rooms, event) } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'OpenLocation':
        return open(state, command);
      case 'UpdateLocation':
        return update(state, command);
    }
  },
};

/** A room of an open location, or a refusal naming it. */
export function roomOf(state: LocationState, roomId: string): Room {
  if (state.phase !== 'open') throw refuse({ code: 'location_not_found' });
  const room = state.rooms.find((r) => r.id === roomId);
  if (!room) throw refuse({ code: 'room_not_in_location', roomId });
  return room;
}
