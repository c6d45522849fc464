import { z } from 'zod';

/**
 * Events of the stream `waitlist-<workshopId>`: the parents waiting for seats in one workshop, in
 * the order they joined, and the offers made to them. The seats of an offer are held on the
 * workshop's stream (a `SeatsReserved` whose `waitlistEntryId` is set, id `offerHoldId(entry)`),
 * where the one seat decision sees them; this stream says who they are held for and until when.
 */
export const waitlistStream = (workshopId: string) => `waitlist-${workshopId}`;
export const WAITLIST_STREAM_PREFIX = 'waitlist-';

/** The workshop a waitlist event belongs to. */
export function workshopIdOfWaitlist(event: { streamId: string }): string {
  if (!event.streamId.startsWith(WAITLIST_STREAM_PREFIX)) throw new Error(`${event.streamId} is not a waitlist stream`);
  return event.streamId.slice(WAITLIST_STREAM_PREFIX.length);
}

/**
 * The id of the hold that keeps an entry's offered seats on the workshop stream. An entry gets one
 * offer at most (an offer not taken passes to the next entry), so the id is the entry's: two
 * offer makers racing decide on the same hold, and the ledger holds it once.
 */
export const OFFER_HOLD_PREFIX = 'offer-';
export const offerHoldId = (waitlistEntryId: string) => `${OFFER_HOLD_PREFIX}${waitlistEntryId}`;

const Instant = z.string().datetime({ offset: true });
export const WaitlistEntryIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a waitlist entry id');

export const WaitlistJoinedSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  workshopId: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  participants: z.number().int().positive(),
  /** Keyed hash of the e-mail (service/core/pseudonyms.ts): the same parent joining again is one entry. */
  emailKey: z.string().min(1),
  joinedAt: Instant,
  /**
   * Added with e-mail confirmation (issue 22): the entry counts (takes a place, gets offers) once
   * its e-mail is confirmed, and lapses at this instant unless it is. Absent in entries written
   * before: they counted at once.
   */
  confirmBy: Instant.optional(),
  /** Keyed hash of the client address that asked (service/core/pseudonyms.ts), for the per-address cap. */
  clientKey: z.string().min(1).optional(),
});

/** The parent opened the link of the join e-mail: the entry takes its place in the line now. */
export const WaitlistEntryConfirmedSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  confirmedAt: Instant,
});

/** The join e-mail (the confirmation link) went out, once per entry. */
export const WaitlistConfirmationEmailSentSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  messageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** Not confirmed within its time: the entry leaves the list without ever having counted. */
export const WaitlistEntryLapsedSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  lapsedAt: Instant,
});

export const WaitlistOfferedSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  /** The hold on the workshop stream that keeps the seats (offerHoldId(entryId)). */
  offerId: z.string().min(1),
  seats: z.number().int().positive(),
  /**
   * Random bytes the offer's link is derived from with a server key (service/waitlist/tokens.ts):
   * the link itself is stored nowhere, yet a crash before the e-mail left can send the same link.
   */
  tokenNonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  offeredAt: Instant,
  expiresAt: Instant,
});

export const WaitlistOfferEmailSentSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  offerId: z.string().min(1),
  messageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

export const WaitlistOfferAcceptedSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  offerId: z.string().min(1),
  /** The enrollment that took the offered seats. */
  enrollmentId: z.string().min(1),
  acceptedAt: Instant,
});

export const WaitlistOfferExpiredSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  offerId: z.string().min(1),
  expiredAt: Instant,
});

export const WaitlistLeftSchema = z.object({
  entryId: WaitlistEntryIdSchema,
  /** The offer standing when the parent left (declined): its seats go to the next entry. */
  offerId: z.string().min(1).optional(),
  leftAt: Instant,
});

export const waitlistEventSchemas = {
  WaitlistJoined: WaitlistJoinedSchema,
  WaitlistEntryConfirmed: WaitlistEntryConfirmedSchema,
  WaitlistConfirmationEmailSent: WaitlistConfirmationEmailSentSchema,
  WaitlistEntryLapsed: WaitlistEntryLapsedSchema,
  WaitlistOffered: WaitlistOfferedSchema,
  WaitlistOfferEmailSent: WaitlistOfferEmailSentSchema,
  WaitlistOfferAccepted: WaitlistOfferAcceptedSchema,
  WaitlistOfferExpired: WaitlistOfferExpiredSchema,
  WaitlistLeft: WaitlistLeftSchema,
} as const;

export type WaitlistJoined = z.infer<typeof WaitlistJoinedSchema>;
export type WaitlistOffered = z.infer<typeof WaitlistOfferedSchema>;

export type WaitlistEvent =
  | { type: 'WaitlistJoined'; data: WaitlistJoined }
  | { type: 'WaitlistEntryConfirmed'; data: z.infer<typeof WaitlistEntryConfirmedSchema> }
  | { type: 'WaitlistConfirmationEmailSent'; data: z.infer<typeof WaitlistConfirmationEmailSentSchema> }
  | { type: 'WaitlistEntryLapsed'; data: z.infer<typeof WaitlistEntryLapsedSchema> }
  | { type: 'WaitlistOffered'; data: WaitlistOffered }
  | { type: 'WaitlistOfferEmailSent'; data: z.infer<typeof WaitlistOfferEmailSentSchema> }
  | { type: 'WaitlistOfferAccepted'; data: z.infer<typeof WaitlistOfferAcceptedSchema> }
  | { type: 'WaitlistOfferExpired'; data: z.infer<typeof WaitlistOfferExpiredSchema> }
  | { type: 'WaitlistLeft'; data: z.infer<typeof WaitlistLeftSchema> };
