import type { ChildData } from '../../contracts/account/child.js';
import { invitationEnds } from '../../contracts/account/api.js';
import type { HouseholdEvent } from '../../contracts/account/events.js';
import { EMPTY_HOUSEHOLD_DETAILS, type HouseholdDetails } from '../../contracts/account/household.js';
import type { WaiverDocument } from '../../contracts/policies/waivers.js';

/*
 * The state of `household-<id>` and how each of its events moves it; the decisions on it are in
 * household-decider.ts.
 */

export type ParentStatus = 'active' | 'invited' | 'removed';

export interface HouseholdParent {
  email: string;
  status: ParentStatus;
  /** For an invitation: when it was made (it ends INVITATION_DAYS later) and by which parent. */
  invitedAt?: string;
  invitedBy?: string;
  /** When the parent arrived: the household's creation for its first parent, the join for the others. */
  since?: string;
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
      /** Bookings whose children a parent matched to the family's (issue 37): answered once. */
      matched: Record<string, true>;
    };
export type ActiveHousehold = Extract<HouseholdState, { status: 'active' }>;

export const signatureKey = (childId: string, document: WaiverDocument) => `${childId}/${document}`;

/** The household's active children. */
export const activeChildren = (state: ActiveHousehold) => Object.entries(state.children).filter(([, c]) => !c.removed);

/** An invitation not accepted yet and not ended at `at`. */
export const openInvitation = (p: HouseholdParent | undefined, at: string) =>
  p?.status === 'invited' && p.invitedAt !== undefined && Date.parse(at) < Date.parse(invitationEnds(p.invitedAt));

/** The household's state after one more of its events. */
export function evolve(state: HouseholdState, event: HouseholdEvent): HouseholdState {
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
      matched: {},
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ParentInvited': {
      const { parentId, email, invitedAt, invitedBy } = event.data;
      return {
        ...state,
        parents: { ...state.parents, [parentId]: { email, status: 'invited', invitedAt, invitedBy } },
      };
    }
    case 'ParentJoined': {
      const { parentId, email, joinedAt } = event.data;
      const invited = state.parents[parentId];
      return {
        ...state,
        parents: { ...state.parents, [parentId]: { ...invited, email, status: 'active', since: joinedAt } },
      };
    }
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
    case 'BookingChildrenMatched':
      return { ...state, matched: { ...state.matched, [event.data.enrollmentId]: true } };
  }
}
