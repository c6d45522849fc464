import { defineProjector } from '../../platform/processor/projector.js';
import { ADMINISTRATOR_CHANGE_TYPES, type AdministratorChangeEvent } from '../../contracts/admin/administrators.js';
import type { AssignableRole } from '../../contracts/admin/roles.js';

/** An active named administrator as the Settings tab lists it: no key, no hash. */
export type AdministratorDoc = {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  /** Missing on documents written before roles existed: read as `manager`. */
  role?: AssignableRole;
};

/** Active administrators with their role; a revoked one leaves the list (its events stay on the stream). */
export const administratorsProjector = defineProjector<AdministratorChangeEvent, AdministratorDoc>({
  name: 'administrators',
  collection: 'administrators',
  indexes: [[{ field: 'createdAt' }]],
  eventTypes: ADMINISTRATOR_CHANGE_TYPES,
  keys: (event) => [event.data.administratorId],
  project(doc, e) {
    switch (e.type) {
      case 'AdministratorAdded': {
        const { administratorId: id, name, email, role } = e.data;
        return { id, name, email, createdAt: e.metadata.at, role };
      }
      case 'AdministratorRoleChanged':
        return doc ? { ...doc, role: e.data.role } : undefined;
      case 'AdministratorRevoked':
        return null;
    }
  },
});
