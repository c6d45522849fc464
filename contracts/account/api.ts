import { z } from 'zod';
import { PaymentLineSchema } from '../enrollment/api.js';
import { personName } from '../core/text.js';
import { MESSAGES } from '../enrollment/fields.js';
import { WaiverDocumentSchema } from '../policies/waivers.js';
import { ChildDataSchema, ChildIdSchema } from './child.js';
import { HouseholdDetailsDataSchema } from './household.js';

/** How long an e-mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 20;
/** How long a session lasts without use; each use moves its end (sliding). */
export const SESSION_DAYS = 30;
/**
 * Beside the HttpOnly session cookie, one a script may read, set and cleared with it: "a session may
 * exist", so a page asks `GET /api/account` only then (an anonymous page asks nothing). No secret.
 */
export const SIGNED_IN_HINT_COOKIE = 'family_signed_in';
/** How long an invitation to join a family page can be accepted. */
export const INVITATION_DAYS = 7;

/** When an invitation made at `invitedAt` ends. */
export const invitationEnds = (invitedAt: string) =>
  new Date(Date.parse(invitedAt) + INVITATION_DAYS * 24 * 3_600_000).toISOString();

/**
 * How a family page is named to a parent: by the family's last name when its details have one,
 * else by the parent's address ("the Whitfield family’s page", "eleanor@example.com’s family page").
 */
export const familyPageName = (lastName: string | null | undefined, parentEmail: string) =>
  lastName?.trim() ? `the ${lastName.trim()} family’s page` : `${parentEmail}’s family page`;

/** An address shown to whoever holds a link to it: its first letter and its domain ("m…@example.com"). */
export const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '…' : `${email[0]}…${email.slice(at)}`;
};

const email = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(254, MESSAGES.email)
  .pipe(z.email(MESSAGES.email))
  .transform((v) => v.toLowerCase());

/** POST /api/account/sign-in */
export const SignInRequestSchema = z.object({ email });
export type SignInRequest = z.input<typeof SignInRequestSchema>;

/**
 * The one answer (202) to every sign-in request, whether or not the address is known: nothing in
 * it, its status or its time tells who has an account.
 */
export const SIGN_IN_ANSWER = {
  message: `Check your e-mail: we have sent a link to sign in. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`,
} as const;
export type SignInAnswer = typeof SIGN_IN_ANSWER;

/** `<requestId>.<secret>`: the link is `/account/sign-in/<token>`. */
export const SIGN_IN_TOKEN = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/account/sign-in/verify: any string (a malformed token gets the same answer as a used
 * one), and `join`, the family whose invitation the parent accepts by pressing "Join …"; without
 * it, the address's own family page (a new one if it has none): an ordinary sign-in joins no one.
 */
export const VerifyRequestSchema = z.object({
  token: z.string().max(300),
  join: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'This is not a family we know.')
    .optional(),
});

/** POST /api/account/sign-in/preview `{ token }`: what pressing the link would do, before it is pressed. */
export const PreviewRequestSchema = z.object({ token: z.string().max(300) });

export const SignInInvitationSchema = z.object({
  householdId: z.string(),
  /** "the Whitfield family’s page". */
  familyPage: z.string(),
  /** The address of the parent who invited. */
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type SignInInvitation = z.infer<typeof SignInInvitationSchema>;

/** 200 of the preview: writes nothing and uses nothing; a link that cannot sign in gets verify's 401. */
export const SignInPreviewSchema = z.object({
  /** "m…@example.com". */
  email: z.string(),
  /** The family page the address signs in to; null when it has none yet. */
  familyPage: z.string().nullable(),
  /** Families inviting an address that has no family page, not ended yet, newest first: the parent chooses. */
  invitations: z.array(SignInInvitationSchema),
});
export type SignInPreview = z.infer<typeof SignInPreviewSchema>;

/** 200 answer of verify: the session is in the cookie, never in a body. */
export const VerifiedSchema = z.object({ signedIn: z.literal(true), position: z.string() });
export type Verified = z.infer<typeof VerifiedSchema>;

/** POST /api/account/parents: invite the second parent by e-mail. */
export const InviteParentRequestSchema = z.object({ email });

/** POST /api/account/waivers: sign for children from the family page (typed full name and agreement). */
export const SignatureInputSchema = z.object({
  childId: ChildIdSchema,
  signedName: personName('Your full name', { error: 'Please type your full name to sign.' })
    .trim()
    .min(3, 'Please type your full name to sign.')
    .max(200, 'Please keep this under 200 characters.'),
});
export const SignWaiversRequestSchema = z.object({
  signatures: z.array(SignatureInputSchema).min(1, 'Choose at least one child to sign for.').max(10),
  agree: z.literal(true, { error: 'Please tick that you have read and agree to the documents.' }),
});

/** Where one child stands with one document. */
export const WaiverStatusSchema = z.object({
  document: WaiverDocumentSchema,
  title: z.string(),
  /** The version in force. */
  version: z.string(),
  /** The latest signature for this child, whatever its version. */
  signedVersion: z.string().nullable(),
  signedName: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** Signed for the version in force, in this school year. */
  current: z.boolean(),
});
export type WaiverStatus = z.infer<typeof WaiverStatusSchema>;

export const AccountChildSchema = ChildDataSchema.extend({
  id: z.string(),
  /** Today's age (null without a date of birth): each workshop computes its own at its start. */
  age: z.number().int().nullable(),
  waivers: z.array(WaiverStatusSchema),
});
export type AccountChild = z.infer<typeof AccountChildSchema>;

export const AccountParentSchema = z.object({
  parentId: z.string(),
  email: z.string(),
  /** Invited: has not accepted the invitation yet. */
  status: z.enum(['active', 'invited']),
  you: z.boolean(),
  /** When an invitation not accepted ends (past: it can no longer be accepted); null for a parent. */
  invitationEndsAt: z.string().nullable(),
});
export type AccountParent = z.infer<typeof AccountParentSchema>;

export const AccountBookingSchema = z.object({
  enrollmentId: z.string(),
  orderId: z.string().nullable(),
  /** The offering booked (a sibling of a booked child gets the sibling discount there). */
  workshopId: z.string().nullable(),
  title: z.string(),
  date: z.string().nullable(),
  time: z.string(),
  location: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  amountCents: z.number().int(),
  /** What of its refunds went to the family credit (0 when none did), so the list can say where the money went. */
  refundedToCreditCents: z.number().int().nonnegative(),
  attendees: z.array(z.string()),
  upcoming: z.boolean(),
  /** `/booking/<token>`: the booking page; null when the server signs no links. */
  bookingPath: z.string().nullable(),
  /** Each payment: what, when and how (issue 37 item 6). */
  payments: z.array(PaymentLineSchema),
});
export type AccountBooking = z.infer<typeof AccountBookingSchema>;

export const AccountSignatureSchema = z.object({
  childId: z.string(),
  childName: z.string(),
  document: WaiverDocumentSchema,
  title: z.string(),
  version: z.string(),
  signedName: z.string(),
  signedAt: z.string(),
  current: z.boolean(),
});
export type AccountSignature = z.infer<typeof AccountSignatureSchema>;

/** A booking of this family's e-mail whose parent ticked "Save these details": offered, never added unasked. */
export const AccountSuggestionSchema = z.object({
  enrollmentId: z.string(),
  title: z.string(),
  submittedAt: z.string(),
  names: z.array(z.string()),
});
export type AccountSuggestion = z.infer<typeof AccountSuggestionSchema>;

/**
 * A booking on the family page that the family did not make with its saved children (typed as a
 * guest, or before the account), whose children are offered to be matched to the saved children
 * (issue 37): never matched unasked. `sameNameAs` is the saved child of the same name, which the
 * page proposes for the parent to confirm; null when none is.
 */
export const AccountBookingChildrenSchema = z.object({
  enrollmentId: z.string(),
  title: z.string(),
  date: z.string().nullable(),
  children: z.array(
    z.object({
      participant: z.number().int().nonnegative(),
      name: z.string(),
      age: z.number().int().nullable(),
      sameNameAs: z.string().nullable(),
    }),
  ),
});
export type AccountBookingChildren = z.infer<typeof AccountBookingChildrenSchema>;

const participantIndex = z
  .number({ error: 'participant must be the child’s index in the booking, a whole number from 0.' })
  .int('participant must be a whole number from 0.')
  .nonnegative('participant must be a whole number from 0.')
  .max(99, 'participant must be at most 99.');

/**
 * POST /api/account/bookings/{enrollmentId}/children: which children of the booking are the
 * family's. `matches`: the same child as a saved one; `add`: saved as a new child from what the
 * booking gave. A child in neither is not the family's. Once per booking.
 */
export const MatchBookingChildrenRequestSchema = z
  .object({
    matches: z
      .array(z.object({ participant: participantIndex, childId: ChildIdSchema }).strict())
      .max(20)
      .optional()
      .default([]),
    add: z.array(participantIndex).max(20).optional().default([]),
  })
  .strict()
  .superRefine((body, ctx) => {
    const named = [...body.matches.map((m) => m.participant), ...body.add];
    if (new Set(named).size !== named.length)
      ctx.addIssue({
        code: 'custom',
        path: ['matches'],
        message: 'Each child of the booking can be matched once: to one saved child, or added as a new one.',
      });
    const children = body.matches.map((m) => m.childId);
    if (new Set(children).size !== children.length)
      ctx.addIssue({
        code: 'custom',
        path: ['matches'],
        message: 'Two children of the booking cannot be the same saved child.',
      });
  });
export type MatchBookingChildrenRequest = z.input<typeof MatchBookingChildrenRequestSchema>;

/** GET /api/account (401 without a session). */
export const AccountViewSchema = z.object({
  householdId: z.string(),
  you: z.object({ parentId: z.string(), email: z.string() }),
  parents: z.array(AccountParentSchema),
  details: HouseholdDetailsDataSchema,
  children: z.array(AccountChildSchema),
  /** Upcoming first (soonest first), then past (latest first). */
  bookings: z.array(AccountBookingSchema),
  signatures: z.array(AccountSignatureSchema),
  suggestions: z.array(AccountSuggestionSchema),
  /** Bookings whose children the parent may match to the saved children (issue 37), soonest first. */
  bookingChildren: z.array(AccountBookingChildrenSchema),
  /**
   * While the family's details are blank: those the parent gave at the newest booking offered
   * above, for the details form to start from (saved only when the parent saves them or confirms
   * the booking's children). Null otherwise.
   */
  startingDetails: z.object({ title: z.string(), details: HouseholdDetailsDataSchema }).nullable(),
  /** The household's family credit (issue 27): refunds kept with the school, used first at its next checkout. */
  creditCents: z.number().int().nonnegative(),
  /** The documents in force, with their version and date. */
  documents: z.array(
    z.object({
      document: WaiverDocumentSchema,
      title: z.string(),
      version: z.string(),
      date: z.string(),
      path: z.string(),
    }),
  ),
});
export type AccountView = z.infer<typeof AccountViewSchema>;

/** 201 of POST /api/account/children; `position` for `?minPosition`. */
export const ChildCreatedSchema = z.object({ id: z.string(), position: z.string() });
export type ChildCreated = z.infer<typeof ChildCreatedSchema>;

/** The answer of every other account write: the position to read the family page at. */
export const AccountWrittenSchema = z.object({ position: z.string() });
export type AccountWritten = z.infer<typeof AccountWrittenSchema>;

/** GET /api/account/export: everything the school holds about the household, as JSON. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  household: z.object({ id: z.string(), createdAt: z.string() }),
  parents: z.array(
    z.object({
      parentId: z.string(),
      email: z.string(),
      status: z.enum(['active', 'invited', 'removed']),
      since: z.string(),
    }),
  ),
  details: HouseholdDetailsDataSchema,
  children: z.array(ChildDataSchema.extend({ id: z.string(), addedAt: z.string(), removedAt: z.string().nullable() })),
  signatures: z.array(AccountSignatureSchema),
  /** Every booking made with the family's e-mails or its saved children, as the school holds it. */
  bookings: z.array(z.record(z.string(), z.unknown())),
  /** E-mails the school sent: sign-in links, and each booking's e-mails. */
  emails: z.array(z.object({ kind: z.string(), about: z.string(), sentAt: z.string() })),
  /** When a parent signed in (a link used). */
  signIns: z.array(z.string()),
  /** Sessions open now (when they began and when they end), never their ids. */
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string() })),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
