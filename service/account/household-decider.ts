import type { ChildData } from '../../contracts/account/child.js';
import { changedChildFields } from '../../contracts/account/child.js';
import type { HouseholdEvent } from '../../contracts/account/events.js';
import {
  changedHouseholdFields,
  EMPTY_HOUSEHOLD_DETAILS,
  type HouseholdDetails,
} from '../../contracts/account/household.js';
import type { WaiverDocument } from '../../contracts/policies/waivers.js';
import type { Decider } from '../../platform/command/decider.js';
import { AppError, conflict, notFound } from '../core/errors.js';
import { INVITATION_ENDED } from './account-email-decider.js';
import {
  activeChildren,
  evolve,
  openInvitation,
  type ActiveHousehold,
  type HouseholdChild,
  type HouseholdState,
} from './household-state.js';

export type { ActiveHousehold, HouseholdState } from './household-state.js';
export { activeChildren, signatureKey } from './household-state.js';

export type HouseholdCommand =
  | { type: 'ArriveParent'; householdId: string; parentId: string; email: string; at: string }
  | { type: 'InviteParent'; parentId: string; email: string; by: string; at: string }
  | { type: 'RemoveParent'; parentId: string; by: string; at: string }
  | { type: 'UpdateDetails'; details: HouseholdDetails; by: string; at: string }
  | { type: 'AddChild'; childId: string; child: ChildData; at: string }
  | { type: 'UpdateChild'; childId: string; child: ChildData; at: string }
  | { type: 'RemoveChild'; childId: string; at: string }
  | {
      type: 'SignWaivers';
      signatures: { childId: string; document: WaiverDocument; version: string; signedName: string }[];
      parentId: string;
      clientKey: string;
      at: string;
    }
  | {
      type: 'ImportBookingDetails';
      enrollmentId: string;
      children: { childId: string; child: ChildData }[];
      details: HouseholdDetails;
      at: string;
    }
  /**
   * A parent says which children of a booking the family did not make are its own (issue 37):
   * `matches` saved children by id, `added` new ones from what the booking gave; the family's blank
   * details are filled from the booking's.
   */
  | {
      type: 'MatchBookingChildren';
      enrollmentId: string;
      matches: { participant: number; childId: string }[];
      added: { participant: number; childId: string; child: ChildData }[];
      details: HouseholdDetails;
      by: string;
      at: string;
    };

export const MAX_PARENTS = 2;
export const MAX_CHILDREN = 12;

export const CHILD_NOT_FOUND = 'We could not find that child in your family account.';
const SIGNED_OUT = 'Please sign in again to continue.';

/** Names compared as people write them: spaces and letter case aside. */
const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

function requireActive(state: HouseholdState): ActiveHousehold {
  if (state.status !== 'active') throw new AppError('unauthorized', SIGNED_OUT);
  return state;
}

function requireParent(state: ActiveHousehold, parentId: string): void {
  if (state.parents[parentId]?.status !== 'active') throw new AppError('unauthorized', SIGNED_OUT);
}

function requireChild(state: ActiveHousehold, childId: string): HouseholdChild {
  const found = Object.hasOwn(state.children, childId) ? state.children[childId] : undefined;
  if (!found || found.removed) throw notFound(CHILD_NOT_FOUND);
  return found;
}

/** Blank fields of `current` filled from `offered`; what was typed on the family page stays. */
function filledIn(current: HouseholdDetails, offered: HouseholdDetails): HouseholdDetails {
  const out = { ...current };
  for (const key of Object.keys(EMPTY_HOUSEHOLD_DETAILS) as (keyof HouseholdDetails)[]) {
    if (key === 'pickupAdults') continue;
    if (!out[key]) out[key] = offered[key];
  }
  return out;
}

function decide(command: HouseholdCommand, state: HouseholdState): HouseholdEvent[] {
  if (command.type === 'ArriveParent') {
    const { householdId, parentId, email, at } = command;
    if (state.status === 'none')
      return [{ type: 'HouseholdCreated', data: { householdId, parentId, email, createdAt: at } }];
    const parent = state.parents[parentId];
    if (parent?.status === 'active') return [];
    if (parent?.status === 'removed')
      throw new AppError('unauthorized', 'This e-mail address is no longer part of that family account.');
    // Only an invitation still open lets a parent in, and only the address it was made to.
    if (!openInvitation(parent, at) || parent!.email !== email) throw new AppError('gone', INVITATION_ENDED);
    return [{ type: 'ParentJoined', data: { householdId, parentId, email, joinedAt: at } }];
  }
  const household = requireActive(state);
  const { householdId } = household;
  switch (command.type) {
    case 'InviteParent': {
      requireParent(household, command.by);
      const { email, by, at } = command;
      const current = Object.entries(household.parents).filter(
        ([, p]) => p.status === 'active' || openInvitation(p, at) || (p.status === 'invited' && p.email === email),
      );
      const same = current.find(([, p]) => p.email === email);
      if (same?.[1].status === 'active') throw conflict('This address is already a parent of your family account.');
      // Invited again (the e-mail went astray, or the invitation ended): the same invitation, made anew.
      const parentId = same?.[0] ?? command.parentId;
      if (!same && current.length >= MAX_PARENTS)
        throw conflict('A family account has two parents. Remove the other parent or their invitation first.');
      return [{ type: 'ParentInvited', data: { householdId, parentId, email, invitedBy: by, invitedAt: at } }];
    }
    case 'RemoveParent': {
      requireParent(household, command.by);
      const target = household.parents[command.parentId];
      if (!target || target.status === 'removed')
        throw notFound('We could not find that parent in your family account.');
      if (command.parentId === command.by)
        throw conflict('You cannot remove yourself. The other parent can remove you from their family page.');
      return [
        {
          type: 'ParentRemoved',
          data: { householdId, parentId: command.parentId, removedBy: command.by, removedAt: command.at },
        },
      ];
    }
    case 'UpdateDetails': {
      requireParent(household, command.by);
      const changed = changedHouseholdFields(household.details, command.details);
      if (changed.length === 0) return [];
      return [
        {
          type: 'HouseholdDetailsUpdated',
          data: { householdId, details: command.details, changed, by: command.by, updatedAt: command.at },
        },
      ];
    }
    case 'AddChild': {
      if (Object.hasOwn(household.children, command.childId)) throw conflict('A child with this id exists already.');
      if (activeChildren(household).length >= MAX_CHILDREN)
        throw conflict(`A family account holds at most ${MAX_CHILDREN} children. Please call us to add more.`);
      return [
        {
          type: 'ChildAdded',
          data: { householdId, childId: command.childId, child: command.child, addedAt: command.at },
        },
      ];
    }
    case 'UpdateChild': {
      const known = requireChild(household, command.childId);
      const changed = changedChildFields(known.child, command.child);
      if (changed.length === 0) return [];
      return [
        {
          type: 'ChildUpdated',
          data: { householdId, childId: command.childId, child: command.child, changed, updatedAt: command.at },
        },
      ];
    }
    case 'RemoveChild': {
      requireChild(household, command.childId);
      return [{ type: 'ChildRemoved', data: { householdId, childId: command.childId, removedAt: command.at } }];
    }
    case 'SignWaivers': {
      requireParent(household, command.parentId);
      return command.signatures.map(({ childId, document, version, signedName }) => {
        requireChild(household, childId);
        return {
          type: 'WaiverSigned' as const,
          data: {
            householdId,
            childId,
            document,
            version,
            signedName,
            at: command.at,
            parentId: command.parentId,
            clientKey: command.clientKey,
          },
        };
      });
    }
    case 'MatchBookingChildren':
      return matchBookingChildren(household, command);
    case 'ImportBookingDetails': {
      if (household.imported[command.enrollmentId]) return [];
      const known = new Set(activeChildren(household).map(([, c]) => nameKey(c.child.name)));
      const added = command.children.filter((c) => {
        const key = nameKey(c.child.name);
        if (!key || known.has(key)) return false;
        known.add(key);
        return true;
      });
      const details = filledIn(household.details, command.details);
      const changed = changedHouseholdFields(household.details, details);
      return [
        ...added.map(({ childId, child }) => ({
          type: 'ChildAdded' as const,
          data: { householdId, childId, child, fromEnrollmentId: command.enrollmentId, addedAt: command.at },
        })),
        ...(changed.length > 0
          ? [
              {
                type: 'HouseholdDetailsUpdated' as const,
                data: { householdId, details, changed, by: 'booking', updatedAt: command.at },
              },
            ]
          : []),
        {
          type: 'BookingDetailsImported',
          data: {
            householdId,
            enrollmentId: command.enrollmentId,
            childIds: added.map((c) => c.childId),
            importedAt: command.at,
          },
        },
      ];
    }
  }
}

/** The booking's children matched to the family's once, each saved child once; blank details filled from the booking. */
function matchBookingChildren(
  household: ActiveHousehold,
  c: Extract<HouseholdCommand, { type: 'MatchBookingChildren' }>,
): HouseholdEvent[] {
  const { householdId } = household;
  requireParent(household, c.by);
  if (household.matched[c.enrollmentId])
    throw conflict('The children of this booking were matched already. Please call us to change it.');
  for (const m of c.matches) requireChild(household, m.childId);
  if (activeChildren(household).length + c.added.length > MAX_CHILDREN)
    throw conflict(`A family account holds at most ${MAX_CHILDREN} children. Please call us to add more.`);
  const details = filledIn(household.details, c.details);
  const changed = changedHouseholdFields(household.details, details);
  return [
    ...c.added.map(({ childId, child }) => ({
      type: 'ChildAdded' as const,
      data: { householdId, childId, child, fromEnrollmentId: c.enrollmentId, addedAt: c.at },
    })),
    ...(changed.length > 0
      ? [
          {
            type: 'HouseholdDetailsUpdated' as const,
            data: { householdId, details, changed, by: 'booking', updatedAt: c.at },
          },
        ]
      : []),
    {
      type: 'BookingChildrenMatched',
      data: {
        householdId,
        enrollmentId: c.enrollmentId,
        matches: [...c.matches, ...c.added]
          .map(({ participant, childId }) => ({ participant, childId }))
          .sort((a, b) => a.participant - b.participant),
        by: c.by,
        matchedAt: c.at,
      },
    },
  ];
}

/** The household stream's decider (`household-<id>`): parents, details, children and signatures. */
export const householdDecider: Decider<HouseholdCommand, HouseholdEvent, HouseholdState> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};
