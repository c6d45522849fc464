import { invitationEnds } from '../../contracts/account/api.js';
import type { AccountEmailEvent } from '../../contracts/account/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

interface Membership {
  householdId: string;
  parentId: string;
}

interface Invitation extends Membership {
  invitedAt: string;
}

/**
 * Which family account one e-mail address signs in to, on `account-email-<keyed hash>`: decided
 * per address with the stream's expected revision, so two first sign-ins of one address at once
 * make one household. An address is linked to one household; an invitation is taken only by an
 * explicit "Join" (never by a sign-in), by an address with no household, within INVITATION_DAYS.
 */
export interface AccountEmailState {
  linked: Membership | null;
  invitations: Invitation[];
  /** Links asked for at or before this instant do not sign in ("Sign out everywhere"). */
  linksVoidedAt: string | null;
}

export type AccountEmailCommand =
  /**
   * A sign-in: the address's household, or a new one (the ids given); with `join`, the household
   * whose invitation the parent accepted.
   */
  | { type: 'SignInEmail'; newHouseholdId: string; newParentId: string; join?: string; at: string }
  | { type: 'InviteEmail'; householdId: string; parentId: string; at: string }
  /** The parent left (was removed from) the household: the address is free, its invitation void. */
  | { type: 'UnlinkEmail'; householdId: string; at: string }
  /** "Sign out everywhere": the links e-mailed so far and not yet used stop working too. */
  | { type: 'VoidLinks'; householdId: string; at: string };

const sameHousehold = (householdId: string) => (m: Membership) => m.householdId === householdId;

/** The invitations of an address that can still be accepted at `at`. */
export const openInvitations = (state: AccountEmailState, at: string): Invitation[] =>
  state.linked ? [] : state.invitations.filter((i) => Date.parse(at) < Date.parse(invitationEnds(i.invitedAt)));

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
          invitations: [
            ...state.invitations.filter((m) => m.householdId !== householdId),
            { householdId, parentId, invitedAt: event.data.invitedAt },
          ],
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
        const { join, at } = command;
        if (state.linked) {
          if (join !== undefined && join !== state.linked.householdId) throw refuse({ code: 'already_has_a_page' });
          return [];
        }
        if (join === undefined)
          return [
            {
              type: 'AccountEmailLinked',
              data: { householdId: command.newHouseholdId, parentId: command.newParentId, linkedAt: at },
            },
          ];
        const invitation = openInvitations(state, at).find(sameHousehold(join));
        if (!invitation) throw refuse({ code: 'invitation_ended' });
        const { householdId, parentId } = invitation;
        return [{ type: 'AccountEmailLinked', data: { householdId, parentId, linkedAt: at } }];
      }
      case 'InviteEmail': {
        const { householdId, parentId, at } = command;
        if (state.linked?.householdId === householdId) throw refuse({ code: 'already_a_parent' });
        // Invited again (the e-mail went astray): the invitation is recorded again, so its 7 days start anew.
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
