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
import { refuse } from './refusals.js';

export type ParentStatus = 'active' | 'invited' | 'removed';

export interface HouseholdParent {
  email: string;
  status: ParentStatus;
}

export interface HouseholdChild {
  child: ChildData;
  removed: boolean;
}

export interface Signature {
  version: string;
  signedName: string;
  at: string;
}

/** A family account: no household yet, or one with its parents, details, children and signatures. */
export type HouseholdState =
  | { status: 'none' }
  | {
      status: 'active';
      householdId: string;
      parents: Record<string, HouseholdParent>;
      details: HouseholdDetails;
      children: Record<string, HouseholdChild>;
      /** The latest signature per `<childId>/<document>`. */
      signatures: Record<string, Signature>;
      /** Bookings whose offered details were taken in. */
      imported: Record<string, true>;
    };
export type ActiveHousehold = Extract<HouseholdState, { status: 'active' }>;

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
    };

export const MAX_PARENTS = 2;
export const MAX_CHILDREN = 12;

export const signatureKey = (childId: string, document: WaiverDocument) => `${childId}/${document}`;

/** The household's active children. */
export const activeChildren = (state: ActiveHousehold) => Object.entries(state.children).filter(([, c]) => !c.removed);

/** Names compared as people write them: spaces and letter case aside. */
const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

function requireActive(state: HouseholdState): ActiveHousehold {
  if (state.status !== 'active') throw refuse({ code: 'signed_out' });
  return state;
}

function requireParent(state: ActiveHousehold, parentId: string): void {
  if (state.parents[parentId]?.status !== 'active') throw refuse({ code: 'signed_out' });
}

function requireChild(state: ActiveHousehold, childId: string): HouseholdChild {
  const found = Object.hasOwn(state.children, childId) ? state.children[childId] : undefined;
  if (!found || found.removed) throw refuse({ code: 'child_not_found' });
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

function evolve(state: HouseholdState, event: HouseholdEvent): HouseholdState {
  if (event.type === 'HouseholdCreated') {
    const { householdId, parentId, email } = event.data;
    return {
      status: 'active',
      householdId,
      parents: { [parentId]: { email, status: 'active' } },
      details: EMPTY_HOUSEHOLD_DETAILS,
      children: {},
      signatures: {},
      imported: {},
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ParentInvited':
      return {
        ...state,
        parents: { ...state.parents, [event.data.parentId]: { email: event.data.email, status: 'invited' } },
      };
    case 'ParentJoined':
      return {
        ...state,
        parents: { ...state.parents, [event.data.parentId]: { email: event.data.email, status: 'active' } },
      };
    case 'ParentRemoved': {
      const parent = state.parents[event.data.parentId];
      return parent
        ? { ...state, parents: { ...state.parents, [event.data.parentId]: { ...parent, status: 'removed' } } }
        : state;
    }
    case 'HouseholdDetailsUpdated':
      return { ...state, details: event.data.details };
    case 'ChildAdded':
    case 'ChildUpdated':
      return {
        ...state,
        children: { ...state.children, [event.data.childId]: { child: event.data.child, removed: false } },
      };
    case 'ChildRemoved': {
      const child = state.children[event.data.childId];
      return child
        ? { ...state, children: { ...state.children, [event.data.childId]: { ...child, removed: true } } }
        : state;
    }
    case 'WaiverSigned': {
      const { childId, document, version, signedName, at } = event.data;
      return {
        ...state,
        signatures: { ...state.signatures, [signatureKey(childId, document)]: { version, signedName, at } },
      };
    }
    case 'BookingDetailsImported':
      return { ...state, imported: { ...state.imported, [event.data.enrollmentId]: true } };
  }
}

function decide(command: HouseholdCommand, state: HouseholdState): HouseholdEvent[] {
  if (command.type === 'ArriveParent') {
    const { householdId, parentId, email, at } = command;
    if (state.status === 'none')
      return [{ type: 'HouseholdCreated', data: { householdId, parentId, email, createdAt: at } }];
    const parent = state.parents[parentId];
    if (parent?.status === 'active') return [];
    if (parent?.status === 'removed') throw refuse({ code: 'parent_removed' });
    return [{ type: 'ParentJoined', data: { householdId, parentId, email, joinedAt: at } }];
  }
  const household = requireActive(state);
  const { householdId } = household;
  switch (command.type) {
    case 'InviteParent': {
      requireParent(household, command.by);
      const current = Object.values(household.parents).filter((p) => p.status !== 'removed');
      const same = current.find((p) => p.email === command.email);
      // Invited again (the e-mail went astray): nothing new to record, the invitation stands.
      if (same?.status === 'invited') return [];
      if (same) throw refuse({ code: 'already_a_parent' });
      if (current.length >= MAX_PARENTS) throw refuse({ code: 'two_parents_already' });
      const { parentId, email, by, at } = command;
      return [{ type: 'ParentInvited', data: { householdId, parentId, email, invitedBy: by, invitedAt: at } }];
    }
    case 'RemoveParent': {
      requireParent(household, command.by);
      const target = household.parents[command.parentId];
      if (!target || target.status === 'removed') throw refuse({ code: 'parent_not_found' });
      if (command.parentId === command.by) throw refuse({ code: 'cannot_remove_self' });
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
      if (Object.hasOwn(household.children, command.childId)) throw refuse({ code: 'child_exists' });
      if (activeChildren(household).length >= MAX_CHILDREN)
        throw refuse({ code: 'too_many_children', max: MAX_CHILDREN });
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

/** The household stream's decider (`household-<id>`): parents, details, children and signatures. */
export const householdDecider: Decider<HouseholdCommand, HouseholdEvent, HouseholdState> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};
