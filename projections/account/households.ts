import { defineProjector } from '../../platform/processor/projector.js';
import type { ChildData } from '../../contracts/account/child.js';
import type { HouseholdEvent, SignInEvent } from '../../contracts/account/events.js';
import { EMPTY_HOUSEHOLD_DETAILS, type HouseholdDetails } from '../../contracts/account/household.js';
import type { WaiverDocument } from '../../contracts/policies/waivers.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';

export interface HouseholdParentEntry {
  parentId: string;
  email: string;
  status: 'active' | 'invited' | 'removed';
  since: string;
  /** The parent who made the household (absent on documents projected before it was kept). */
  founder?: true;
}

export interface HouseholdChildEntry extends ChildData {
  id: string;
  addedAt: string;
  removedAt: string | null;
}

export interface HouseholdSignatureEntry {
  childId: string;
  document: WaiverDocument;
  version: string;
  signedName: string;
  signedAt: string;
}

/** One family account as its page and the school's exports read it. */
export interface HouseholdDoc {
  [field: string]: unknown;
  id: string;
  kind: 'household';
  createdAt: string;
  parents: HouseholdParentEntry[];
  details: HouseholdDetails;
  /** Removed children stay (with `removedAt`): the export lists what the school holds. */
  children: HouseholdChildEntry[];
  /** Every signature, oldest first. */
  signatures: HouseholdSignatureEntry[];
  /** Bookings whose offered details were taken in. */
  imported: string[];
  /** Bookings whose children a parent matched to the family's (issue 37; absent: none yet, or projected before). */
  matched?: string[];
  /** Sign-in e-mails sent to its parents (those sent before the address had a household are its sign-ins). */
  signInEmails: string[];
  /** When its parents signed in (a link used). */
  signIns: string[];
  /** Enrollments made with its saved children (whatever contact e-mail they gave). */
  enrollments: string[];
}

/**
 * One saved child by id (`child:<childId>`; household ids have no colon), so a roster reads the
 * children of its bookings in one lookup by id, and an enrollment finds whose child an id is.
 */
export interface SavedChildDoc {
  [field: string]: unknown;
  id: string;
  kind: 'child';
  householdId: string;
  child: ChildData;
  removed: boolean;
}

export const savedChildKey = (childId: string) => `child:${childId}`;
const isChildKey = (id: string) => id.startsWith('child:');

type Event =
  | HouseholdEvent
  | Extract<SignInEvent, { type: 'SignInEmailSent' | 'SignInLinkUsed' }>
  | Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>;

const withParent = (doc: HouseholdDoc, entry: HouseholdParentEntry): HouseholdDoc => ({
  ...doc,
  parents: [...doc.parents.filter((p) => p.parentId !== entry.parentId), entry],
});

function projectHousehold(doc: HouseholdDoc | null, e: Event): HouseholdDoc | undefined {
  if (e.type === 'HouseholdCreated') {
    const { householdId, parentId, email, createdAt } = e.data;
    if (doc) return undefined;
    return {
      id: householdId,
      kind: 'household',
      createdAt,
      parents: [{ parentId, email, status: 'active', since: createdAt, founder: true }],
      details: EMPTY_HOUSEHOLD_DETAILS,
      children: [],
      signatures: [],
      imported: [],
      signInEmails: [],
      signIns: [],
      enrollments: [],
    };
  }
  if (!doc) return undefined;
  switch (e.type) {
    case 'ParentInvited':
      return withParent(doc, {
        parentId: e.data.parentId,
        email: e.data.email,
        status: 'invited',
        since: e.data.invitedAt,
      });
    case 'ParentJoined':
      return withParent(doc, {
        parentId: e.data.parentId,
        email: e.data.email,
        status: 'active',
        since: e.data.joinedAt,
      });
    case 'ParentRemoved': {
      const parent = doc.parents.find((p) => p.parentId === e.data.parentId);
      return parent ? withParent(doc, { ...parent, status: 'removed', since: e.data.removedAt }) : undefined;
    }
    case 'HouseholdDetailsUpdated':
      return { ...doc, details: e.data.details };
    case 'ChildAdded':
      return {
        ...doc,
        children: [...doc.children, { ...e.data.child, id: e.data.childId, addedAt: e.data.addedAt, removedAt: null }],
      };
    case 'ChildUpdated':
      return {
        ...doc,
        children: doc.children.map((c) => (c.id === e.data.childId ? { ...c, ...e.data.child } : c)),
      };
    case 'ChildRemoved':
      return {
        ...doc,
        children: doc.children.map((c) => (c.id === e.data.childId ? { ...c, removedAt: e.data.removedAt } : c)),
      };
    case 'WaiverSigned': {
      const { childId, document, version, signedName, at } = e.data;
      return { ...doc, signatures: [...doc.signatures, { childId, document, version, signedName, signedAt: at }] };
    }
    case 'BookingDetailsImported':
      return { ...doc, imported: [...doc.imported, e.data.enrollmentId] };
    case 'BookingChildrenMatched':
      return { ...doc, matched: [...(doc.matched ?? []), e.data.enrollmentId] };
    case 'SignInEmailSent':
      return { ...doc, signInEmails: [...doc.signInEmails, e.data.sentAt] };
    case 'SignInLinkUsed':
      return { ...doc, signIns: [...(doc.signIns ?? []), e.data.usedAt] };
    case 'EnrollmentSubmitted':
      return doc.enrollments.includes(e.data.enrollmentId)
        ? undefined
        : { ...doc, enrollments: [...doc.enrollments, e.data.enrollmentId] };
  }
}

function projectChild(doc: SavedChildDoc | null, e: Event): SavedChildDoc | undefined {
  switch (e.type) {
    case 'ChildAdded':
    case 'ChildUpdated':
      return {
        id: savedChildKey(e.data.childId),
        kind: 'child',
        householdId: e.data.householdId,
        child: e.data.child,
        removed: false,
      };
    case 'ChildRemoved':
      return doc ? { ...doc, removed: true } : undefined;
    default:
      return undefined;
  }
}

/**
 * `households`: each family account (parents, details, children, signatures, sign-in e-mails) and
 * each saved child by id, in one collection and batch.
 */
export const householdsProjector = defineProjector<Event, HouseholdDoc | SavedChildDoc>({
  name: 'households',
  collection: 'households',
  eventTypes: [
    'HouseholdCreated',
    'ParentInvited',
    'ParentJoined',
    'ParentRemoved',
    'HouseholdDetailsUpdated',
    'ChildAdded',
    'ChildUpdated',
    'ChildRemoved',
    'WaiverSigned',
    'BookingDetailsImported',
    'BookingChildrenMatched',
    'SignInEmailSent',
    'SignInLinkUsed',
    'EnrollmentSubmitted',
  ],
  keys(event) {
    if (event.type === 'SignInEmailSent' || event.type === 'SignInLinkUsed' || event.type === 'EnrollmentSubmitted')
      return event.data.householdId ? [event.data.householdId] : [];
    const keys = [event.data.householdId];
    if (event.type === 'ChildAdded' || event.type === 'ChildUpdated' || event.type === 'ChildRemoved')
      keys.push(savedChildKey(event.data.childId));
    return keys;
  },
  project(stored, event, id) {
    return isChildKey(id)
      ? projectChild(stored as SavedChildDoc | null, event)
      : projectHousehold(stored as HouseholdDoc | null, event);
  },
});
