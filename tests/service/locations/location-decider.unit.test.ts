import { describe, it } from 'vitest';
import type { LocationEvent } from '../../../contracts/locations/events.js';
import type { LocationRecord } from '../../../contracts/locations/location.js';
import { locationDecider } from '../../../service/locations/location-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(locationDecider);
const AT = '2027-01-04T12:00:00.000Z';
const record: LocationRecord = {
  locationId: 'elp',
  name: 'El Paso',
  slug: 'el-paso',
  address: { line1: '100 Mesa St', city: 'El Paso', state: 'TX', postalCode: '79901' },
  timeZone: 'America/Denver',
  hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }],
};
const opened: LocationEvent = { type: 'LocationOpened', data: { ...record, openedAt: AT } };
const salon: LocationEvent = {
  type: 'RoomAdded',
  data: { locationId: 'elp', roomId: 'r1', name: 'Salon', capacity: 12, addedAt: AT },
};

describe('location decider', () => {
  it('given no location, when it is opened with two rooms, then LocationOpened and a RoomAdded for each', () => {
    given([])
      .when({
        type: 'OpenLocation',
        record,
        rooms: [
          { id: 'r1', name: 'Salon', capacity: 12 },
          { id: 'r2', name: 'Tea Room', capacity: 8 },
        ],
        at: AT,
      })
      .then([
        opened,
        salon,
        { type: 'RoomAdded', data: { locationId: 'elp', roomId: 'r2', name: 'Tea Room', capacity: 8, addedAt: AT } },
      ]);
  });

  it('given an open location, when it is opened again, then it is refused as existing', () => {
    given([opened])
      .when({ type: 'OpenLocation', record, rooms: [], at: AT })
      .thenThrows({ refusal: { code: 'location_exists' } });
  });

  it('given no location, when it is updated, then it is refused as not found', () => {
    given([])
      .when({ type: 'UpdateLocation', record, rooms: [], newRoomIds: [], at: AT })
      .thenThrows({ code: 'not_found', refusal: { code: 'location_not_found' } });
  });

  it('given a location with one room, when the same values are saved, then nothing is recorded', () => {
    given([opened, salon])
      .when({
        type: 'UpdateLocation',
        record,
        rooms: [{ id: 'r1', name: 'Salon', capacity: 12 }],
        newRoomIds: [],
        at: AT,
      })
      .then([]);
  });

  it('given a location with one room, when it is resized, a room added and the name changed, then each is recorded', () => {
    const renamed = { ...record, name: 'El Paso West' };
    given([opened, salon])
      .when({
        type: 'UpdateLocation',
        record: renamed,
        rooms: [
          { id: 'r1', name: 'Salon', capacity: 14 },
          { name: 'Garden', capacity: 6 },
        ],
        newRoomIds: ['r9'],
        at: AT,
      })
      .then([
        { type: 'LocationUpdated', data: { ...renamed, updatedAt: AT } },
        { type: 'RoomChanged', data: { locationId: 'elp', roomId: 'r1', name: 'Salon', capacity: 14, changedAt: AT } },
        { type: 'RoomAdded', data: { locationId: 'elp', roomId: 'r9', name: 'Garden', capacity: 6, addedAt: AT } },
      ]);
  });

  it('given a location with one room, when the rooms are saved without it, then RoomRemoved', () => {
    given([opened, salon])
      .when({ type: 'UpdateLocation', record, rooms: [], newRoomIds: [], at: AT })
      .then([{ type: 'RoomRemoved', data: { locationId: 'elp', roomId: 'r1', removedAt: AT } }]);
  });

  it('given a location, when an edit names a room it does not have, then it is refused naming the room', () => {
    given([opened, salon])
      .when({ type: 'UpdateLocation', record, rooms: [{ id: 'nope', name: 'X', capacity: 3 }], newRoomIds: [], at: AT })
      .thenThrows({ code: 'not_found', refusal: { code: 'room_not_found', roomId: 'nope' } });
  });
});
