import type { AdministratorEvent } from '../../contracts/admin/administrators.js';
import type { Decider } from '../../platform/command/decider.js';
import { conflict, notFound } from '../core/errors.js';

export interface AdministratorRecord {
  name: string;
  email: string;
  keyHash: string;
  revoked: boolean;
}

/** Every administrator ever added, by id; revoked ones stay (revoked) so an id is never reused. */
export interface AdministratorsState {
  byId: Record<string, AdministratorRecord>;
}

export type AdministratorCommand =
  | { type: 'AddAdministrator'; administratorId: string; name: string; email: string; keyHash: string }
  | { type: 'RevokeAdministrator'; administratorId: string };

/** The administrators stream: one active administrator per e-mail; only an active one can be revoked. */
export const administratorsDecider: Decider<AdministratorCommand, AdministratorEvent, AdministratorsState> = {
  initialState: { byId: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'AdministratorAdded': {
        const { administratorId, name, email, keyHash } = event.data;
        return { byId: { ...state.byId, [administratorId]: { name, email, keyHash, revoked: false } } };
      }
      case 'AdministratorRevoked': {
        const known = state.byId[event.data.administratorId];
        if (!known) return state;
        return { byId: { ...state.byId, [event.data.administratorId]: { ...known, revoked: true } } };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddAdministrator': {
        const { administratorId, name, email, keyHash } = command;
        if (state.byId[administratorId]) throw conflict('An administrator with this id already exists.');
        const normalised = email.toLowerCase();
        if (Object.values(state.byId).some((a) => !a.revoked && a.email === normalised))
          throw conflict(`${normalised} is already an administrator. Revoke the old key first to issue a new one.`);
        return [{ type: 'AdministratorAdded', data: { administratorId, name, email: normalised, keyHash } }];
      }
      case 'RevokeAdministrator': {
        const known = state.byId[command.administratorId];
        if (!known || known.revoked)
          throw notFound('We could not find that administrator. The key may have been revoked already.');
        return [{ type: 'AdministratorRevoked', data: { administratorId: command.administratorId } }];
      }
    }
  },
};

/** The active administrator whose key hashes to `keyHash`, if any. */
export function activeAdministratorByHash(
  state: AdministratorsState,
  keyHash: string,
): { id: string; name: string } | null {
  for (const [id, a] of Object.entries(state.byId))
    if (!a.revoked && a.keyHash === keyHash) return { id, name: a.name };
  return null;
}
