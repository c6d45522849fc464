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
import {
  activeChildren,
  evolve as evolveHousehold,
  openInvitation,
  type ActiveHousehold,
  type HouseholdChild,
  type HouseholdState,
} from './household-state.js';
import { refuse } from './refusals.js';

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

type Command<T extends HouseholdCommand['type']> = Extract<HouseholdCommand, { type: T }>;
type Decision<T extends HouseholdCommand['type']> = (command: Command<T>, state: HouseholdState) => HouseholdEvent[];

export const MAX_PARENTS = 2;
export const MAX_CHILDREN = 12;

/** Names compared as people write them: spaces and letter case aside. */
const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

function requireParent(state: ActiveHousehold, parentId: string): void {
  if (state.parents[parentId]?.status !== 'active') throw refuse({ code: 'signed_out' });
}

function requireChild(state: ActiveHousehold, childId: string): HouseholdChild {
  const found = Object.hasOwn(state.children, childId) ? state.children[childId] : undefined;
  if (!found || found.removed) throw refuse({ code: 'child_not_found' });
  return found;
}

/** A decision about a household that exists: before it does, the visitor is asked to sign in again. */
const onActive =
  <T extends HouseholdCommand['type']>(
    decide: (command: Command<T>, household: ActiveHousehold) => HouseholdEvent[],
  ): Decision<T> =>
  (command, state) => {
    if (state.status !== 'active') throw refuse({ code: 'signed_out' });
    return decide(command, state);
  };

/** Blank fields of `current` filled from `offered`; what was typed on the family page stays. */
function filledIn(current: HouseholdDetails, offered: HouseholdDetails): HouseholdDetails {
  const out = { ...current };
  for (const key of Object.keys(EMPTY_HOUSEHOLD_DETAILS) as (keyof HouseholdDetails)[]) {
    if (key === 'pickupAdults') continue;
    if (!out[key]) out[key] = offered[key];
  }
  return out;
}

/** A parent signs in: the first creates the household, an invited one joins it, a removed one is refused. */
function arriveParent(command: Command<'ArriveParent'>, state: HouseholdState): HouseholdEvent[] {
  const { householdId, parentId, email, at } = command;
  if (state.status === 'none')
    return [{ type: 'HouseholdCreated', data: { householdId, parentId, email, createdAt: at } }];
  const parent = state.parents[parentId];
  if (parent?.status === 'active') return [];
  if (parent?.status === 'removed') throw refuse({ code: 'parent_removed' });
  // Only an invitation still open lets a parent in, and only the address it was made to.
  if (!openInvitation(parent, at) || parent!.email !== email) throw refuse({ code: 'invitation_ended' });
  return [{ type: 'ParentJoined', data: { householdId, parentId, email, joinedAt: at } }];
}

function inviteParent(command: Command<'InviteParent'>, household: ActiveHousehold): HouseholdEvent[] {
  requireParent(household, command.by);
  const { email, by, at } = command;
  const current = Object.entries(household.parents).filter(
    ([, p]) => p.status === 'active' || openInvitation(p, at) || (p.status === 'invited' && p.email === email),
  );
  const same = current.find(([, p]) => p.email === email);
  if (same?.[1].status === 'active') throw refuse({ code: 'already_a_parent' });
  // Invited again (the e-mail went astray, or the invitation ended): the same invitation, made anew.
  const parentId = same?.[0] ?? command.parentId;
  if (!same && current.length >= MAX_PARENTS) throw refuse({ code: 'two_parents_already' });
  const { householdId } = household;
  return [{ type: 'ParentInvited', data: { householdId, parentId, email, invitedBy: by, invitedAt: at } }];
}

function removeParent(command: Command<'RemoveParent'>, household: ActiveHousehold): HouseholdEvent[] {
  requireParent(household, command.by);
  const target = household.parents[command.parentId];
  if (!target || target.status === 'removed') throw refuse({ code: 'parent_not_found' });
  if (command.parentId === command.by) throw refuse({ code: 'cannot_remove_self' });
  const { parentId, by, at } = command;
  const { householdId } = household;
  return [{ type: 'ParentRemoved', data: { householdId, parentId, removedBy: by, removedAt: at } }];
}

function updateDetails(command: Command<'UpdateDetails'>, household: ActiveHousehold): HouseholdEvent[] {
  requireParent(household, command.by);
  const changed = changedHouseholdFields(household.details, command.details);
  if (changed.length === 0) return [];
  const { details, by, at } = command;
  const { householdId } = household;
  return [{ type: 'HouseholdDetailsUpdated', data: { householdId, details, changed, by, updatedAt: at } }];
}

function addChild(command: Command<'AddChild'>, household: ActiveHousehold): HouseholdEvent[] {
  if (Object.hasOwn(household.children, command.childId)) throw refuse({ code: 'child_exists' });
  if (activeChildren(household).length >= MAX_CHILDREN) throw refuse({ code: 'too_many_children', max: MAX_CHILDREN });
  const { childId, child, at } = command;
  return [{ type: 'ChildAdded', data: { householdId: household.householdId, childId, child, addedAt: at } }];
}

function updateChild(command: Command<'UpdateChild'>, household: ActiveHousehold): HouseholdEvent[] {
  const known = requireChild(household, command.childId);
  const changed = changedChildFields(known.child, command.child);
  if (changed.length === 0) return [];
  const { childId, child, at } = command;
  const { householdId } = household;
  return [{ type: 'ChildUpdated', data: { householdId, childId, child, changed, updatedAt: at } }];
}

function removeChild(command: Command<'RemoveChild'>, household: ActiveHousehold): HouseholdEvent[] {
  requireChild(household, command.childId);
  const { childId, at } = command;
  return [{ type: 'ChildRemoved', data: { householdId: household.householdId, childId, removedAt: at } }];
}

function signWaivers(command: Command<'SignWaivers'>, household: ActiveHousehold): HouseholdEvent[] {
  requireParent(household, command.parentId);
  const { parentId, clientKey, at } = command;
  const { householdId } = household;
  return command.signatures.map(({ childId, document, version, signedName }) => {
    requireChild(household, childId);
    return {
      type: 'WaiverSigned' as const,
      data: { householdId, childId, document, version, signedName, at, parentId, clientKey },
    };
  });
}

/** A booking's children (new names only) and blank details taken into the household, once per booking. */
function importBookingDetails(command: Command<'ImportBookingDetails'>, household: ActiveHousehold): HouseholdEvent[] {
  if (household.imported[command.enrollmentId]) return [];
  const { householdId } = household;
  const { enrollmentId, at } = command;
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
      data: { householdId, childId, child, fromEnrollmentId: enrollmentId, addedAt: at },
    })),
    ...(changed.length > 0
      ? [
          {
            type: 'HouseholdDetailsUpdated' as const,
            data: { householdId, details, changed, by: 'booking', updatedAt: at },
          },
        ]
      : []),
    {
      type: 'BookingDetailsImported',
      data: { householdId, enrollmentId, childIds: added.map((c) => c.childId), importedAt: at },
    },
  ];
}

/** The booking's children matched to the family's once, each saved child once; blank details filled from the booking. */
function matchBookingChildren(command: Command<'MatchBookingChildren'>, household: ActiveHousehold): HouseholdEvent[] {
  const { householdId } = household;
  requireParent(household, command.by);
  if (household.matched[command.enrollmentId]) throw refuse({ code: 'children_matched_already' });
  for (const m of command.matches) requireChild(household, m.childId);
  if (activeChildren(household).length + command.added.length > MAX_CHILDREN)
    throw refuse({ code: 'too_many_children', max: MAX_CHILDREN });
  const details = filledIn(household.details, command.details);
  const changed = changedHouseholdFields(household.details, details);
  return [
    ...command.added.map(({ childId, child }) => ({
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
      type: 'BookingChildrenMatched',
      data: {
        householdId,
        enrollmentId: command.enrollmentId,
        matches: [...command.matches, ...command.added]
          .map(({ participant, childId }) => ({ participant, childId }))
          .sort((a, b) => a.participant - b.participant),
        by: command.by,
        matchedAt: command.at,
      },
    },
  ];
}

const DECISIONS: { [T in HouseholdCommand['type']]: Decision<T> } = {
  ArriveParent: arriveParent,
  InviteParent: onActive(inviteParent),
  RemoveParent: onActive(removeParent),
  UpdateDetails: onActive(updateDetails),
  AddChild: onActive(addChild),
  UpdateChild: onActive(updateChild),
  RemoveChild: onActive(removeChild),
  SignWaivers: onActive(signWaivers),
  ImportBookingDetails: onActive(importBookingDetails),
  MatchBookingChildren: onActive(matchBookingChildren),
};

/** The household stream's decider (`household-<id>`): parents, details, children and signatures. */
export const householdDecider: Decider<HouseholdCommand, HouseholdEvent, HouseholdState> = {
  initialState: { status: 'none' },
  evolve: evolveHousehold,
  decide: <T extends HouseholdCommand['type']>(command: Command<T>, state: HouseholdState) =>
    (DECISIONS[command.type] as Decision<T>)(command, state),
};
