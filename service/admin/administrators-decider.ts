import type { AdministratorEvent } from '../../contracts/admin/administrators.js';
import type { AdminSession, AssignableRole } from '../../contracts/admin/roles.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

export interface AdministratorRecord {
  name: string;
  email: string;
  keyHash: string;
  role: AssignableRole;
  revoked: boolean;
  /** The locations this administrator is limited to; empty: every location. */
  locationIds: string[];
}

/**
 * Every administrator ever added, by id; revoked ones stay (revoked) so an id is never reused.
 * `noticed`: the changes the owner has been e-mailed about, by change id.
 */
export interface AdministratorsState {
  byId: Record<string, AdministratorRecord>;
  noticed: Record<string, true>;
}

export type AdministratorCommand =
  | {
      type: 'AddAdministrator';
      administratorId: string;
      name: string;
      email: string;
      keyHash: string;
      role: AssignableRole;
      changeId: string;
      locationIds?: string[];
    }
  | { type: 'ChangeAdministratorRole'; administratorId: string; role: AssignableRole; changeId: string }
  | { type: 'LimitAdministratorToLocations'; administratorId: string; locationIds: string[]; changeId: string }
  | { type: 'RevokeAdministrator'; administratorId: string; changeId: string }
  | { type: 'RecordChangeNotice'; changeId: string; messageId: string; transport: 'smtp' | 'outbox'; at: string };

const active = (state: AdministratorsState, id: string): AdministratorRecord => {
  const known = state.byId[id];
  if (!known || known.revoked) throw refuse({ code: 'administrator_not_found' });
  return known;
};

const withRecord = (state: AdministratorsState, id: string, change: Partial<AdministratorRecord>) => {
  const known = state.byId[id];
  return known ? { ...state, byId: { ...state.byId, [id]: { ...known, ...change } } } : state;
};

/**
 * The administrators stream: one active administrator per e-mail; only an active one changes role
 * or is revoked; the same role again records nothing; each change is e-mailed to the owner once.
 */
export const administratorsDecider: Decider<AdministratorCommand, AdministratorEvent, AdministratorsState> = {
  initialState: { byId: {}, noticed: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'AdministratorAdded': {
        const { administratorId, name, email, keyHash, role, locationIds = [] } = event.data;
        const added = { name, email, keyHash, role, revoked: false, locationIds };
        return { ...state, byId: { ...state.byId, [administratorId]: added } };
      }
      case 'AdministratorLocationsChanged':
        return withRecord(state, event.data.administratorId, { locationIds: event.data.locationIds });
      case 'AdministratorRoleChanged':
        return withRecord(state, event.data.administratorId, { role: event.data.role });
      case 'AdministratorRevoked':
        return withRecord(state, event.data.administratorId, { revoked: true });
      case 'AdministratorChangeNoticeSent':
        return { ...state, noticed: { ...state.noticed, [event.data.changeId]: true } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddAdministrator': {
        const { administratorId, name, email, keyHash, role, changeId, locationIds = [] } = command;
        if (state.byId[administratorId]) throw refuse({ code: 'administrator_exists' });
        const normalised = email.toLowerCase();
        if (Object.values(state.byId).some((a) => !a.revoked && a.email === normalised))
          throw refuse({ code: 'administrator_email_taken', email: normalised });
        return [
          {
            type: 'AdministratorAdded',
            data: {
              administratorId,
              name,
              email: normalised,
              keyHash,
              role,
              changeId,
              ...(locationIds.length > 0 ? { locationIds } : {}),
            },
          },
        ];
      }
      case 'ChangeAdministratorRole': {
        const { administratorId, role, changeId } = command;
        const known = active(state, administratorId);
        if (known.role === role) return [];
        return [
          { type: 'AdministratorRoleChanged', data: { administratorId, role, previousRole: known.role, changeId } },
        ];
      }
      case 'LimitAdministratorToLocations': {
        const { administratorId, locationIds, changeId } = command;
        const known = active(state, administratorId);
        if (sameSet(known.locationIds, locationIds)) return [];
        return [
          {
            type: 'AdministratorLocationsChanged',
            data: { administratorId, locationIds, previousLocationIds: known.locationIds, changeId },
          },
        ];
      }
      case 'RevokeAdministrator': {
        active(state, command.administratorId);
        return [
          {
            type: 'AdministratorRevoked',
            data: { administratorId: command.administratorId, changeId: command.changeId },
          },
        ];
      }
      case 'RecordChangeNotice': {
        const { changeId, messageId, transport, at } = command;
        if (state.noticed[changeId]) return [];
        return [{ type: 'AdministratorChangeNoticeSent', data: { changeId, messageId, transport, at } }];
      }
    }
  },
};

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The active administrator whose key hashes to `keyHash`, if any. */
export function activeAdministratorByHash(state: AdministratorsState, keyHash: string): AdminSession | null {
  for (const [id, a] of Object.entries(state.byId))
    if (!a.revoked && a.keyHash === keyHash)
      return { id, name: a.name, role: a.role, ...(a.locationIds.length > 0 ? { locationIds: a.locationIds } : {}) };
  return null;
}
