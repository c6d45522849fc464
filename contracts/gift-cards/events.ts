import { z } from 'zod';
import { EnrollmentIdSchema, PaidCardSchema } from '../enrollment/events.js';

/**
 * Events of one gift card, stream `gift-card-<giftCardId>`, the id being a hash of its code
 * (service/gift-cards/gift-card-code.ts): the order and its payment, the e-mail to the recipient,
 * and the card's ledger. The balance is what was paid for it, less what enrollments hold or
 * spent, plus what refunds returned; the stream's expected revision keeps it from being spent
 * twice.
 */
export const giftCardStream = (giftCardId: string) => `gift-card-${giftCardId}`;
export const GIFT_CARD_STREAM_PREFIX = 'gift-card-';

export function giftCardIdOf(event: { streamId: string }): string {
  if (!event.streamId.startsWith(GIFT_CARD_STREAM_PREFIX))
    throw new Error(`${event.streamId} is not a gift card stream`);
  return event.streamId.slice(GIFT_CARD_STREAM_PREFIX.length);
}

const Instant = z.string().datetime({ offset: true });
export const GiftCardIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a gift card id');
const Id = { giftCardId: GiftCardIdSchema };
export const GIFT_CARD_MIN_CENTS = 2_500;
export const GIFT_CARD_MAX_CENTS = 50_000;

export const GiftCardOrderedSchema = z.object({
  ...Id,
  /** The code (grouped when shown): the recipient's to spend. Sent in the e-mail on `sendOn`. */
  code: z.string().length(16),
  amountCents: z.number().int().min(GIFT_CARD_MIN_CENTS).max(GIFT_CARD_MAX_CENTS),
  currency: z.literal('usd'),
  purchaserName: z.string(),
  purchaserEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  /** The day the recipient is e-mailed, on the school's calendar (America/Chicago), YYYY-MM-DD. */
  sendOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  orderedAt: Instant,
});

export const GiftCardPaymentIntentCreatedSchema = z.object({
  ...Id,
  paymentIntentId: z.string().min(1),
  provider: z.enum(['stripe', 'offline']),
  amountCents: z.number().int().positive(),
});

/** The money for the card arrived (the webhook or the verification, whichever came first): its balance is spendable. */
export const GiftCardPaidSchema = z.object({
  ...Id,
  paymentIntentId: z.string().min(1),
  amountCents: z.number().int().positive(),
  providerEventId: z.string().nullable(),
  source: z.enum(['webhook', 'verification']),
  paidAt: Instant,
  /** The card that paid (issue 37, record 152): "Visa ending 4242" on the buyer's receipt. Absent: not known. */
  card: PaidCardSchema.optional(),
});

export const GiftCardEmailSentSchema = z.object({
  ...Id,
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** Part of the balance taken by an enrollment, with its seats: spent once the enrollment is sold. */
export const GiftCardAmountReservedSchema = z.object({
  ...Id,
  enrollmentId: EnrollmentIdSchema,
  amountCents: z.number().int().positive(),
  replaces: EnrollmentIdSchema.optional(),
  reservedAt: Instant,
});

/** The enrollment ended before it was sold (its hold lapsed, it was replaced or cancelled): the part is back on the card. */
export const GiftCardReservationReleasedSchema = z.object({
  ...Id,
  enrollmentId: EnrollmentIdSchema,
  reason: z.enum(['refused', 'expired', 'cancelled', 'replaced', 'refunded']),
  releasedAt: Instant,
});

/** A refund of an enrollment the card paid for went back onto the card (`RefundRequested.refundKey`, once). */
export const GiftCardAmountReturnedSchema = z.object({
  ...Id,
  enrollmentId: EnrollmentIdSchema,
  refundKey: z.string().min(1),
  amountCents: z.number().int().positive(),
  returnedAt: Instant,
});

export const giftCardEventSchemas = {
  GiftCardOrdered: GiftCardOrderedSchema,
  GiftCardPaymentIntentCreated: GiftCardPaymentIntentCreatedSchema,
  GiftCardPaid: GiftCardPaidSchema,
  GiftCardEmailSent: GiftCardEmailSentSchema,
  GiftCardAmountReserved: GiftCardAmountReservedSchema,
  GiftCardReservationReleased: GiftCardReservationReleasedSchema,
  GiftCardAmountReturned: GiftCardAmountReturnedSchema,
} as const;

export type GiftCardOrdered = z.infer<typeof GiftCardOrderedSchema>;
export type GiftCardEvent =
  | { type: 'GiftCardOrdered'; data: GiftCardOrdered }
  | { type: 'GiftCardPaymentIntentCreated'; data: z.infer<typeof GiftCardPaymentIntentCreatedSchema> }
  | { type: 'GiftCardPaid'; data: z.infer<typeof GiftCardPaidSchema> }
  | { type: 'GiftCardEmailSent'; data: z.infer<typeof GiftCardEmailSentSchema> }
  | { type: 'GiftCardAmountReserved'; data: z.infer<typeof GiftCardAmountReservedSchema> }
  | { type: 'GiftCardReservationReleased'; data: z.infer<typeof GiftCardReservationReleasedSchema> }
  | { type: 'GiftCardAmountReturned'; data: z.infer<typeof GiftCardAmountReturnedSchema> };
