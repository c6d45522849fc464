import { defineProjector } from '../../platform/processor/projector.js';
import type { LocationEvent } from '../../contracts/locations/events.js';
import type { LocationView } from '../../contracts/locations/location.js';

export const LOCATIONS = 'locations';

export type LocationDoc = LocationView;

/** `locations`: one document per location, its rooms in the order they were added. */
export const locationsProjector = defineProjector<LocationEvent, LocationDoc>({
  name: LOCATIONS,
  collection: LOCATIONS,
  indexes: [[{ field: 'slug' }], [{ field: 'name' }]],
  eventTypes: ['LocationOpened', 'LocationUpdated', 'RoomAdded', 'RoomChanged', 'RoomRemoved'],
  keys: (e) => [e.data.locationId],
  project(doc, e) {
    switch (e.type) {
      case 'LocationOpened': {
        const { locationId, openedAt, ...record } = e.data;
        return { id: locationId, ...record, rooms: doc?.rooms ?? [], openedAt };
      }
      case 'LocationUpdated': {
        const { locationId: _id, updatedAt: _at, ...record } = e.data;
        return doc ? { id: doc.id, ...record, rooms: doc.rooms, openedAt: doc.openedAt } : undefined;
      }
      case 'RoomAdded': {
        const { roomId, name, capacity } = e.data;
        return doc
          ? { ...doc, rooms: [...doc.rooms.filter((r) => r.id !== roomId), { id: roomId, name, capacity }] }
          : undefined;
      }
      case 'RoomChanged': {
        const { roomId, name, capacity } = e.data;
        return doc
          ? { ...doc, rooms: doc.rooms.map((r) => (r.id === roomId ? { id: roomId, name, capacity } : r)) }
          : undefined;
      }
      case 'RoomRemoved':
        return doc ? { ...doc, rooms: doc.rooms.filter((r) => r.id !== e.data.roomId) } : undefined;
    }
  },
});
