import { defineProjector } from '../../platform/processor/projector.js';
import { ADMINISTRATOR_EVENT_TYPES, type AdministratorEvent } from '../../contracts/admin/administrators.js';

/** An active named administrator as the Settings tab lists it: no key, no hash. */
export type AdministratorDoc = {
  id: string;
  name: string;
  email: string;
  createdAt: string;
};

/** Active administrators; a revoked one leaves the list (its events stay on the stream). */
export const administratorsProjector = defineProjector<AdministratorEvent, AdministratorDoc>({
  name: 'administrators',
  collection: 'administrators',
  indexes: [[{ field: 'createdAt' }]],
  eventTypes: ADMINISTRATOR_EVENT_TYPES,
  keys: (event) => [event.data.administratorId],
  project(_doc, e) {
    if (e.type === 'AdministratorRevoked') return null;
    return { id: e.data.administratorId, name: e.data.name, email: e.data.email, createdAt: e.metadata.at };
  },
});
