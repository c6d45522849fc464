import { z } from 'zod';
import { personName } from '../core/text.js';

/**
 * Lesson packs (issue 38 item 7): `count` lessons of one appointment type bought at once, their
 * code paying one lesson per booking (`packCode`). One stream per pack, `lesson-pack-<id>`, the id
 * a hash of its code (service/appointments/packs/pack-code.ts), so the code finds its stream
 * without a lookup and the stream's expected revision keeps a pack from paying more lessons than
 * were bought, however many bookings press at once.
 */
export const lessonPackStream = (lessonPackId: string) => `lesson-pack-${lessonPackId}`;
export const LESSON_PACK_STREAM_PREFIX = 'lesson-pack-';

export function lessonPackIdOf(event: { streamId: string }): string {
  if (!event.streamId.startsWith(LESSON_PACK_STREAM_PREFIX))
    throw new Error(`${event.streamId} is not a lesson pack stream`);
  return event.streamId.slice(LESSON_PACK_STREAM_PREFIX.length);
}

const Instant = z.string().datetime({ offset: true });
const Id = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a lesson pack id');
const AppointmentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** POST /api/appointment-types/:id/packs: which of the type's packs, and who buys it. */
export const LessonPackOrderRequestSchema = z.object({
  count: z.number({ error: 'Say how many lessons the pack holds.' }).int('count must be a whole number.'),
  purchaserName: personName('Your name', { error: 'Your name is required.' })
    .trim()
    .min(1, 'Your name is required.')
    .max(100, 'Your name must be at most 100 characters.'),
  purchaserEmail: z
    .string({ error: 'Email is required.' })
    .trim()
    .max(254)
    .pipe(z.email('Please enter a valid email address.'))
    .transform((v) => v.toLowerCase()),
});
export type LessonPackOrderRequest = z.infer<typeof LessonPackOrderRequestSchema>;

/** 201 of POST /api/appointment-types/:id/packs: the card payment of the pack. */
export const LessonPackOrderAnswerSchema = z.object({
  packOrderId: z.string(),
  amountCents: z.number().int(),
  clientSecret: z.string(),
});
export type LessonPackOrderAnswer = z.infer<typeof LessonPackOrderAnswerSchema>;

/** GET /api/lesson-packs/:code: what is left of a paid pack, nobody named. */
export const LessonPackViewSchema = z.object({
  remaining: z.number().int(),
  count: z.number().int(),
  expiresAt: z.string(),
  typeId: z.string(),
  typeTitle: z.string(),
});
export type LessonPackView = z.infer<typeof LessonPackViewSchema>;

/** Ordered: the code (e-mailed once paid), the type and its pack, the price, and the purchaser (under their key). */
export const LessonPackOrderedSchema = z.object({
  lessonPackId: Id,
  code: z.string().length(16),
  typeId: z.string().min(1).max(64),
  count: z.number().int().positive(),
  amountCents: z.number().int().nonnegative(),
  /** How many days after it is paid the pack can be used (the type's `packValidDays` when bought). */
  validDays: z.number().int().positive(),
  paymentIntentId: z.string().min(1).max(200),
  purchaserName: z.string(),
  purchaserEmail: z.string(),
  orderedAt: Instant,
});
export type LessonPackOrdered = z.infer<typeof LessonPackOrderedSchema>;

/** The money arrived (the webhook or the verification, whichever first): the pack's lessons can be booked until `expiresAt`. */
export const LessonPackPaidSchema = z.object({
  lessonPackId: Id,
  paymentIntentId: z.string().min(1).max(200),
  amountCents: z.number().int().nonnegative(),
  providerEventId: z.string().max(200).nullable(),
  source: z.enum(['webhook', 'verification']),
  paidAt: Instant,
  expiresAt: Instant,
});

/** The code e-mailed to the purchaser, once. */
export const LessonPackEmailSentSchema = z.object({
  lessonPackId: Id,
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** One lesson taken from the pack by a booking. */
export const LessonDrawnFromPackSchema = z.object({ lessonPackId: Id, appointmentId: AppointmentId, drawnAt: Instant });

/**
 * The lesson back on the pack, once: its appointment was cancelled (by the policy's rule), its hold
 * lapsed, or its time was gone before it could be booked (`not-booked`).
 */
export const LessonReturnedToPackSchema = z.object({
  lessonPackId: Id,
  appointmentId: AppointmentId,
  reason: z.enum(['cancelled', 'expired', 'not-booked']),
  returnedAt: Instant,
});

export type LessonPackEvent =
  | { type: 'LessonPackOrdered'; data: LessonPackOrdered }
  | { type: 'LessonPackPaid'; data: z.infer<typeof LessonPackPaidSchema> }
  | { type: 'LessonPackEmailSent'; data: z.infer<typeof LessonPackEmailSentSchema> }
  | { type: 'LessonDrawnFromPack'; data: z.infer<typeof LessonDrawnFromPackSchema> }
  | { type: 'LessonReturnedToPack'; data: z.infer<typeof LessonReturnedToPackSchema> };

export const lessonPackEventSchemas = {
  LessonPackOrdered: LessonPackOrderedSchema,
  LessonPackPaid: LessonPackPaidSchema,
  LessonPackEmailSent: LessonPackEmailSentSchema,
  LessonDrawnFromPack: LessonDrawnFromPackSchema,
  LessonReturnedToPack: LessonReturnedToPackSchema,
} as const;

/** Metadata `kind` of a pack's PaymentIntent; its id under `lessonPackId`. */
export const LESSON_PACK_PAYMENT_KIND = 'lesson-pack';
