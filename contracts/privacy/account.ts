import type { accountEventSchemas } from '../account/events.js';
import { NO_PERSONAL_DATA, type PrivacyClasses, type SharedFields, type SubjectRule } from './classes.js';

/** A family account is its own data subject: `household:<id>`, whatever its parents' addresses. */
export const HOUSEHOLD_SUBJECT_PREFIX = 'household:';
const household: SubjectRule = { kind: 'id', path: 'householdId', prefix: HOUSEHOLD_SUBJECT_PREFIX };

const CHILD = [
  'name',
  'dateOfBirth',
  'grade',
  'school',
  'hasDietaryRestrictions',
  'dietaryRestrictions',
  'medicalNotes',
  'photographyConsent',
  'allowNameWithPhoto',
  'photographyOptOut',
].map((f) => `child.${f}`);

const DETAILS = [
  ...[
    'firstName',
    'lastName',
    'phone',
    'emergencyContact1Name',
    'emergencyContact1Phone',
    'emergencyContact1Relationship',
    'emergencyContact2Name',
    'emergencyContact2Phone',
    'emergencyContact2Relationship',
  ].map((f) => `details.${f}`),
  ...['name', 'relationship', 'phone'].map((f) => `details.pickupAdults.*.${f}`),
];

/** The second parent the family typed into its details: their own person too (see `shared`). */
const SECOND_PARENT: SharedFields[] = [
  {
    subject: { kind: 'email', path: 'details.parent2Email' },
    fields: ['parent2Name', 'parent2Email', 'parent2Phone'].map((f) => `details.${f}`),
  },
];

/**
 * Family accounts (issue 26). A household's events are under the household's own subject, so
 * erasing it destroys its parents' addresses, its details, its children and its signatures at
 * once. A household's data is the family's current record, not a booking's: all of it is
 * `identity` (the retention period erases what a booking copied of it, under the booking's subject).
 * A sign-in request names an address that may have no household yet: it is under that address's
 * own subject (its keyed hash), as a booking without an account is. Streams of an address
 * (`account-email-<keyed hash>`) hold ids only.
 */
export const accountPrivacy = {
  HouseholdCreated: { subject: household, identity: ['email'] },
  // The invited address is not the household's yet: it is also the invited person's own, so their
  // erasure blanks it in the inviting family's events (issue 36 item 7).
  ParentInvited: {
    subject: household,
    identity: [],
    shared: [{ subject: { kind: 'email', path: 'email' }, fields: ['email'] }],
  },
  ParentJoined: { subject: household, identity: ['email'] },
  ParentRemoved: NO_PERSONAL_DATA,
  HouseholdDetailsUpdated: { subject: household, identity: DETAILS, shared: SECOND_PARENT },
  ChildAdded: { subject: household, identity: CHILD },
  ChildUpdated: { subject: household, identity: CHILD },
  ChildRemoved: NO_PERSONAL_DATA,
  WaiverSigned: { subject: household, identity: ['signedName'] },
  BookingDetailsImported: NO_PERSONAL_DATA,
  // Ids and indexes only: the children it names are the household's own (ChildAdded, under its key).
  BookingChildrenMatched: NO_PERSONAL_DATA,
  SignInLinkRequested: { subject: { kind: 'email', path: 'email' }, identity: ['email'] },
  SignInLinkUsed: NO_PERSONAL_DATA,
  SignInEmailSent: NO_PERSONAL_DATA,
  AccountEmailLinked: NO_PERSONAL_DATA,
  AccountEmailInvited: NO_PERSONAL_DATA,
  AccountEmailUnlinked: NO_PERSONAL_DATA,
  AccountEmailLinksVoided: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof accountEventSchemas>;
