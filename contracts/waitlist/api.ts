import { z } from 'zod';
import { oneLineText, personName } from '../core/text.js';
import { MAX_PARTICIPANTS, MESSAGES, MIN_PARTICIPANTS } from '../enrollment/form.js';

/**
 * POST /api/workshops/{id}/waitlist: a parent asks to be told when seats free up. The entry counts
 * once the parent confirms it from the e-mail. The same e-mail on the same workshop's waitlist is
 * one entry: joining again records nothing, and the answer is the same either way.
 */
export const JoinWaitlistRequestSchema = z.object({
  firstName: personName('First name', { error: MESSAGES.firstName })
    .trim()
    .min(2, MESSAGES.firstName)
    .max(100, 'Please keep this under 100 characters.'),
  lastName: personName('Last name', { error: MESSAGES.lastName })
    .trim()
    .min(2, MESSAGES.lastName)
    .max(100, 'Please keep this under 100 characters.'),
  email: z.string({ error: MESSAGES.email }).trim().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
  phone: oneLineText('Phone number', { error: MESSAGES.phone })
    .trim()
    .min(10, MESSAGES.phone)
    .max(40, 'Please keep this under 40 characters.'),
  participants: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === null || Number.isNaN(v) ? undefined : v),
    z
      .number({ error: MESSAGES.participantsMin })
      .int(MESSAGES.participantsMin)
      .min(MIN_PARTICIPANTS, MESSAGES.participantsMin)
      .max(MAX_PARTICIPANTS, MESSAGES.participantsMax),
  ),
});
export type JoinWaitlistRequest = z.output<typeof JoinWaitlistRequestSchema>;
/** The dialog's values (the participants field holds a number; NaN while empty). */
export type JoinWaitlistValues = Omit<JoinWaitlistRequest, 'participants'> & { participants: number };

export const EMPTY_WAITLIST_FORM: JoinWaitlistValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  participants: 1,
};

/** How long a parent has to confirm a waitlist entry from the e-mail before it lapses. */
export const WAITLIST_CONFIRM_HOURS = 24;
export const WAITLIST_CHECK_EMAIL = 'Check your e-mail to confirm your place on the waitlist.';

/**
 * 202 from the join, the same for every e-mail (already on the list or not): it names no entry and
 * no place, so nobody learns who is waiting. The place comes with the confirmation.
 */
export const JoinWaitlistResponseSchema = z.object({
  message: z.literal(WAITLIST_CHECK_EMAIL),
  confirmWithinHours: z.literal(WAITLIST_CONFIRM_HOURS),
});
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponseSchema>;

/** Offer and leave links carry a token; it is checked on the server only. */
export const WaitlistTokenSchema = z
  .string({ error: 'The link is incomplete: its token is missing.' })
  .trim()
  .regex(
    /^[A-Za-z0-9_.-]{20,200}$/,
    'The link is not valid: its token is damaged. Please open the link from the e-mail again.',
  );

/** POST /api/waitlist/confirm: the token of the join e-mail's link (`/waitlist/confirm?token=`). */
export const WaitlistConfirmRequestSchema = z.object({ token: WaitlistTokenSchema });
export const WaitlistConfirmResponseSchema = z.object({
  /** Place in the line, counting from 1 (confirmed entries still waiting or holding an offer). */
  position: z.number().int().positive(),
});
export type WaitlistConfirmResponse = z.infer<typeof WaitlistConfirmResponseSchema>;

/** POST /api/waitlist/leave: the leave link's token. */
export const LeaveWaitlistRequestSchema = z.object({ token: WaitlistTokenSchema });
export const LeaveWaitlistResponseSchema = z.object({
  left: z.literal(true),
  workshopTitle: z.string(),
  /** The parent had an offer standing: its seats were passed to the next family. */
  declinedOffer: z.boolean(),
});
export type LeaveWaitlistResponse = z.infer<typeof LeaveWaitlistResponseSchema>;

/** GET /api/workshops/{id}/waitlist/offer?token=: an offer as the enroll page shows it. */
export const WaitlistOfferViewSchema = z.object({
  workshopId: z.string(),
  seats: z.number().int().positive(),
  expiresAt: z.string(),
  firstName: z.string(),
  /**
   * What the parent gave when joining, for the enroll form to start from (only behind the offer's
   * token, answered no-store with no Referer; never in an address or the page the server renders).
   */
  prefill: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    participants: z.number().int().positive(),
  }),
});
export type WaitlistOfferView = z.infer<typeof WaitlistOfferViewSchema>;

/** `unconfirmed`: joined, e-mail not confirmed yet (no place, no offers); `lapsed`: never confirmed. */
export const WAITLIST_STATUSES = [
  'unconfirmed',
  'waiting',
  'offered',
  'accepted',
  'expired',
  'left',
  'lapsed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** One entry of the `waitlists` read model, as GET /api/admin/workshops/{id}/waitlist lists it. */
export const WaitlistEntryViewSchema = z.object({
  id: z.string(),
  workshopId: z.string(),
  /** Order of joining, from 1. */
  seq: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  participants: z.number().int(),
  joinedAt: z.string(),
  /** Until when an unconfirmed entry may be confirmed (null for entries from before confirmation). */
  confirmBy: z.string().nullable().optional(),
  confirmedAt: z.string().nullable().optional(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** Seats the offer holds (absent on entries projected before it was kept: their participants). */
  offerSeats: z.number().int().optional(),
  offerEmailSentAt: z.string().nullable(),
  /** When the entry left the line: accepted, expired, left or lapsed. */
  endedAt: z.string().nullable(),
  enrollmentId: z.string().nullable(),
});
export type WaitlistEntryView = z.infer<typeof WaitlistEntryViewSchema>;

/**
 * POST /api/admin/workshops/{id}/waitlist/{entryId}/offer: the school offers this family seats
 * now, ahead of the line, out of the seats free; `seats` at most what the family asked for (all of
 * it when left out). The offer e-mail goes as for any offer.
 */
export const AdminWaitlistOfferRequestSchema = z
  .object({
    seats: z
      .number({ error: 'seats must be a whole number from 1 to 5.' })
      .int('seats must be a whole number from 1 to 5.')
      .min(MIN_PARTICIPANTS, 'seats must be a whole number from 1 to 5.')
      .max(MAX_PARTICIPANTS, 'seats must be a whole number from 1 to 5.')
      .optional(),
  })
  .strict();
export type AdminWaitlistOfferRequest = z.infer<typeof AdminWaitlistOfferRequestSchema>;

/** The answer of an offer made by the school, and of a removal: what was written, to read after. */
export const AdminWaitlistActionResultSchema = z.object({
  entryId: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** The offer made (offer only). */
  seats: z.number().int().optional(),
  expiresAt: z.string().optional(),
  /** A removed family held an offer: its seats pass to the next family. */
  declinedOffer: z.boolean().optional(),
  /** Pass as ?minPosition to the next read. */
  position: z.string(),
});
export type AdminWaitlistActionResult = z.infer<typeof AdminWaitlistActionResultSchema>;
