import { z } from 'zod';
import type { DomainEvent } from '../core/events.js';
import { WaiverDocumentSchema } from '../policies/waivers.js';
import { ChildDataSchema } from './child.js';
import { HouseholdDetailsDataSchema } from './household.js';

/**
 * Family accounts, on three kinds of stream:
 * - `household-<householdId>`: the family (its parents, details, children, signatures), decided by
 *   service/account/household-decider.ts with the stream's expected revision.
 * - `sign-in-<requestId>`: one e-mailed sign-in link, used once (its use decided on the stream).
 * - `account-email-<keyed hash of the e-mail>`: which household an e-mail address signs in to,
 *   decided per address so two first sign-ins at once make one household.
 * Personal fields (e-mails, names, children's details, signed names) are in event data only,
 * never in stream names or ids.
 */
export const householdStream = (householdId: string) => `household-${householdId}`;
export const HOUSEHOLD_STREAM_PREFIX = 'household-';
export const signInStream = (requestId: string) => `sign-in-${requestId}`;
export const accountEmailStream = (emailKey: string) => `account-email-${emailKey}`;

const Instant = z.string().datetime({ offset: true });
const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Email = z.string().min(3).max(254);

export const HouseholdCreatedSchema = z.object({
  householdId: Id,
  parentId: Id,
  email: Email,
  createdAt: Instant,
});
export const ParentInvitedSchema = z.object({
  householdId: Id,
  parentId: Id,
  email: Email,
  invitedBy: Id,
  invitedAt: Instant,
});
export const ParentJoinedSchema = z.object({ householdId: Id, parentId: Id, email: Email, joinedAt: Instant });
export const ParentRemovedSchema = z.object({ householdId: Id, parentId: Id, removedBy: Id, removedAt: Instant });
export const HouseholdDetailsUpdatedSchema = z.object({
  householdId: Id,
  details: HouseholdDetailsDataSchema,
  /** Which fields changed, for the history (no values). */
  changed: z.array(z.string()),
  by: Id,
  updatedAt: Instant,
});
export const ChildAddedSchema = z.object({
  householdId: Id,
  childId: Id,
  child: ChildDataSchema,
  /** Added from a booking whose parent ticked "Save these details to my family account". */
  fromEnrollmentId: Id.optional(),
  addedAt: Instant,
});
export const ChildUpdatedSchema = z.object({
  householdId: Id,
  childId: Id,
  child: ChildDataSchema,
  changed: z.array(z.string()),
  updatedAt: Instant,
});
export const ChildRemovedSchema = z.object({ householdId: Id, childId: Id, removedAt: Instant });
/** A parent signed a document for one child: typed full name and agreement, for the school year. */
export const WaiverSignedSchema = z.object({
  householdId: Id,
  childId: Id,
  document: WaiverDocumentSchema,
  version: z.string().min(1).max(40),
  signedName: z.string().min(1).max(200),
  at: Instant,
  /** Who signed: the parent's id, and the keyed hash of the client address it came from. */
  parentId: Id,
  clientKey: z.string().min(8).max(64),
});
/** The details a booking offered ("Save these details") were taken into the household: once per booking. */
export const BookingDetailsImportedSchema = z.object({
  householdId: Id,
  enrollmentId: Id,
  childIds: z.array(Id),
  importedAt: Instant,
});

/**
 * A parent confirmed which children of a booking the family did not make (typed as a guest, or
 * before the account) are its saved children (issue 37): each by the booking's index and the
 * child's id, ids only. Rosters then read those children as the family keeps them, and the family's
 * pick-up list. Once per booking; a child left out is not the family's.
 */
export const BookingChildrenMatchedSchema = z.object({
  householdId: Id,
  enrollmentId: Id,
  matches: z.array(z.object({ participant: z.number().int().nonnegative(), childId: Id })),
  /** The parent who confirmed. */
  by: Id,
  matchedAt: Instant,
});

export const SignInLinkRequestedSchema = z.object({
  requestId: Id,
  /** Lower-cased. */
  email: Email,
  /** SHA-256 (hex) of the link's secret: the secret itself is never stored. */
  secretHash: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: Instant,
  requestedAt: Instant,
  clientKey: z.string().min(8).max(64),
});
/** The link signed a parent in, to this household (absent on none: recorded since the first version). */
export const SignInLinkUsedSchema = z.object({ requestId: Id, usedAt: Instant, householdId: Id.optional() });
export const SignInEmailSentSchema = z.object({
  requestId: Id,
  /** The household the address belonged to when the e-mail left; null for an address new to the school. */
  householdId: Id.nullable(),
  messageId: z.string().min(1).max(300),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

export const AccountEmailLinkedSchema = z.object({ householdId: Id, parentId: Id, linkedAt: Instant });
export const AccountEmailInvitedSchema = z.object({ householdId: Id, parentId: Id, invitedAt: Instant });
export const AccountEmailUnlinkedSchema = z.object({ householdId: Id, parentId: Id, unlinkedAt: Instant });
/** "Sign out everywhere": links e-mailed to this address before `at` and not yet used no longer sign in. */
export const AccountEmailLinksVoidedSchema = z.object({ householdId: Id, at: Instant });

type Data<S extends z.ZodType> = z.infer<S>;
export type HouseholdEvent =
  | DomainEvent<'HouseholdCreated', Data<typeof HouseholdCreatedSchema>>
  | DomainEvent<'ParentInvited', Data<typeof ParentInvitedSchema>>
  | DomainEvent<'ParentJoined', Data<typeof ParentJoinedSchema>>
  | DomainEvent<'ParentRemoved', Data<typeof ParentRemovedSchema>>
  | DomainEvent<'HouseholdDetailsUpdated', Data<typeof HouseholdDetailsUpdatedSchema>>
  | DomainEvent<'ChildAdded', Data<typeof ChildAddedSchema>>
  | DomainEvent<'ChildUpdated', Data<typeof ChildUpdatedSchema>>
  | DomainEvent<'ChildRemoved', Data<typeof ChildRemovedSchema>>
  | DomainEvent<'WaiverSigned', Data<typeof WaiverSignedSchema>>
  | DomainEvent<'BookingDetailsImported', Data<typeof BookingDetailsImportedSchema>>
  | DomainEvent<'BookingChildrenMatched', Data<typeof BookingChildrenMatchedSchema>>;
export type SignInEvent =
  | DomainEvent<'SignInLinkRequested', Data<typeof SignInLinkRequestedSchema>>
  | DomainEvent<'SignInLinkUsed', Data<typeof SignInLinkUsedSchema>>
  | DomainEvent<'SignInEmailSent', Data<typeof SignInEmailSentSchema>>;
export type AccountEmailEvent =
  | DomainEvent<'AccountEmailLinked', Data<typeof AccountEmailLinkedSchema>>
  | DomainEvent<'AccountEmailInvited', Data<typeof AccountEmailInvitedSchema>>
  | DomainEvent<'AccountEmailUnlinked', Data<typeof AccountEmailUnlinkedSchema>>
  | DomainEvent<'AccountEmailLinksVoided', Data<typeof AccountEmailLinksVoidedSchema>>;

export type HouseholdEventType = HouseholdEvent['type'];
export type WaiverSigned = Data<typeof WaiverSignedSchema>;
export type BookingChildrenMatched = Data<typeof BookingChildrenMatchedSchema>;

export const householdEventSchemas = {
  HouseholdCreated: HouseholdCreatedSchema,
  ParentInvited: ParentInvitedSchema,
  ParentJoined: ParentJoinedSchema,
  ParentRemoved: ParentRemovedSchema,
  HouseholdDetailsUpdated: HouseholdDetailsUpdatedSchema,
  ChildAdded: ChildAddedSchema,
  ChildUpdated: ChildUpdatedSchema,
  ChildRemoved: ChildRemovedSchema,
  WaiverSigned: WaiverSignedSchema,
  BookingDetailsImported: BookingDetailsImportedSchema,
  BookingChildrenMatched: BookingChildrenMatchedSchema,
};
export const HOUSEHOLD_EVENT_TYPES = Object.keys(householdEventSchemas) as HouseholdEventType[];

export const accountEventSchemas = {
  ...householdEventSchemas,
  SignInLinkRequested: SignInLinkRequestedSchema,
  SignInLinkUsed: SignInLinkUsedSchema,
  SignInEmailSent: SignInEmailSentSchema,
  AccountEmailLinked: AccountEmailLinkedSchema,
  AccountEmailInvited: AccountEmailInvitedSchema,
  AccountEmailUnlinked: AccountEmailUnlinkedSchema,
  AccountEmailLinksVoided: AccountEmailLinksVoidedSchema,
};
