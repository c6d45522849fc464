import type { AccountEmailEvent } from '../../contracts/account/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

interface Membership {
  householdId: string;
  parentId: string;
}

/**
 * Which family account one e-mail address signs in to, on `account-email-<keyed hash>`: decided
 * per address with the stream's expected revision, so two first sign-ins of one address at once
 * make one household. An address is linked to one household; invitations wait until it signs in.
 */
export interface AccountEmailState {
  linked: Membership | null;
  invitations: Membership[];
  /** Links asked for at or before this instant do not sign in ("Sign out everywhere"). */
  linksVoidedAt: string | null;
}

export type AccountEmailCommand =
  /** A sign-in: the address's household, or the latest that invited it, or a new one (the ids given). */
  | { type: 'SignInEmail'; newHouseholdId: string; newParentId: string; at: string }
  | { type: 'InviteEmail'; householdId: string; parentId: string; at: string }
  /** The parent left (was removed from) the household: the address is free, its invitation void. */
  | { type: 'UnlinkEmail'; householdId: string; at: string }
  /** "Sign out everywhere": the links e-mailed so far and not yet used stop working too. */
  | { type: 'VoidLinks'; householdId: string; at: string };

const sameHousehold = (householdId: string) => (m: Membership) => m.householdId === householdId;

export const accountEmailDecider: Decider<AccountEmailCommand, AccountEmailEvent, AccountEmailState> = {
  initialState: { linked: null, invitations: [], linksVoidedAt: null },
  evolve(state, event) {
    if (event.type === 'AccountEmailLinksVoided') return { ...state, linksVoidedAt: event.data.at };
    const { householdId, parentId } = event.data;
    switch (event.type) {
      case 'AccountEmailLinked':
        return {
          ...state,
          linked: { householdId, parentId },
          invitations: state.invitations.filter((m) => m.householdId !== householdId),
        };
      case 'AccountEmailInvited':
        return {
          ...state,
          invitations: [...state.invitations.filter((m) => m.householdId !== householdId), { householdId, parentId }],
        };
      case 'AccountEmailUnlinked':
        return {
          ...state,
          linked: state.linked?.householdId === householdId ? null : state.linked,
          invitations: state.invitations.filter((m) => m.householdId !== householdId),
        };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SignInEmail': {
        if (state.linked) return [];
        const joining = state.invitations.at(-1) ?? {
          householdId: command.newHouseholdId,
          parentId: command.newParentId,
        };
        return [{ type: 'AccountEmailLinked', data: { ...joining, linkedAt: command.at } }];
      }
      case 'InviteEmail': {
        const { householdId, parentId, at } = command;
        if (state.linked?.householdId === householdId) throw refuse({ code: 'already_a_parent' });
        if (state.invitations.some(sameHousehold(householdId))) return [];
        // An address linked to another family is invited all the same: the answer must not tell
        // one family whether another address has an account. It stays an invitation.
        return [{ type: 'AccountEmailInvited', data: { householdId, parentId, invitedAt: at } }];
      }
      case 'UnlinkEmail': {
        const { householdId, at } = command;
        const member =
          state.linked?.householdId === householdId ? state.linked : state.invitations.find(sameHousehold(householdId));
        if (!member) return [];
        return [{ type: 'AccountEmailUnlinked', data: { householdId, parentId: member.parentId, unlinkedAt: at } }];
      }
      case 'VoidLinks':
        return [{ type: 'AccountEmailLinksVoided', data: { householdId: command.householdId, at: command.at } }];
    }
  },
};
