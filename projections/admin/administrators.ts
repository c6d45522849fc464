import { defineProjector } from '../../platform/processor/projector.js';
import {
  ADMINISTRATOR_CHANGE_TYPES,
  type AdministratorChangeEvent,
  type AdministratorEvent,
} from '../../contracts/admin/administrators.js';
import type { AssignableRole } from '../../contracts/admin/roles.js';

/** An active named administrator as the Settings tab lists it: no key, no hash. */
export type AdministratorDoc = {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  /** Missing on documents written before roles existed: read as `manager`. */
  role?: AssignableRole;
  /** The locations the administrator is limited to (issue 41); absent: every location. */
  locationIds?: string[];
};

type ListedEvent = AdministratorChangeEvent | Extract<AdministratorEvent, { type: 'AdministratorLocationsChanged' }>;

/** Only limited administrators carry the field: absent reads as every location. */
const limitedTo = (locationIds: string[] | undefined) => (locationIds?.length ? { locationIds } : {});

/** Active administrators with their role; a revoked one leaves the list (its events stay on the stream). */
export const administratorsProjector = defineProjector<ListedEvent, AdministratorDoc>({
  name: 'administrators',
  collection: 'administrators',
  indexes: [[{ field: 'createdAt' }]],
  eventTypes: [...ADMINISTRATOR_CHANGE_TYPES, 'AdministratorLocationsChanged'],
  keys: (event) => [event.data.administratorId],
  project(doc, e) {
    switch (e.type) {
      case 'AdministratorAdded': {
        const { administratorId: id, name, email, role, locationIds } = e.data;
        return { id, name, email, createdAt: e.metadata.at, role, ...limitedTo(locationIds) };
      }
      case 'AdministratorLocationsChanged': {
        if (!doc) return undefined;
        const { locationIds: _previous, ...rest } = doc;
        return { ...rest, ...limitedTo(e.data.locationIds) };
      }
      case 'AdministratorRoleChanged':
        return doc ? { ...doc, role: e.data.role } : undefined;
      case 'AdministratorRevoked':
        return null;
    }
  },
});
