import type { ChildData } from '../../contracts/account/child.js';
import type { HouseholdEvent } from '../../contracts/account/events.js';
import { EMPTY_HOUSEHOLD_DETAILS, type HouseholdDetails } from '../../contracts/account/household.js';
import type { WaiverDocument } from '../../contracts/policies/waivers.js';

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

export const signatureKey = (childId: string, document: WaiverDocument) => `${childId}/${document}`;

/** The household's active children. */
export const activeChildren = (state: ActiveHousehold) => Object.entries(state.children).filter(([, c]) => !c.removed);

/** The household stream's evolve: created by its first parent, then each change to what it holds. */
export function evolveHousehold(state: HouseholdState, event: HouseholdEvent): HouseholdState {
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
