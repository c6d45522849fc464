import { z } from 'zod';
import { multiLineText } from '../core/text.js';
import { MoneySourceSchema, REFUND_REASONS } from '../enrollment/events.js';

/** Where a cancellation's card money goes back: the card, or the household's credit for next time (issue 27). */
export const RefundToSchema = z.enum(['card', 'credit'], { error: 'refundTo must be "card" or "credit".' });

const REFUND_MESSAGE = 'refund must be "full", "none" or an amount in dollars greater than 0, with at most 2 decimals.';

/** An amount in dollars with at most cents. */
const Dollars = z
  .number({ error: REFUND_MESSAGE })
  .positive(REFUND_MESSAGE)
  .max(1_000_000, REFUND_MESSAGE)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, REFUND_MESSAGE);

/** One participant of a booking of several, by index from 0 (the order of the booking's participants). */
export const ParticipantIndexSchema = z
  .number({ error: 'participant must be the index of a participant, counted from 0.' })
  .int('participant must be the index of a participant, counted from 0.')
  .nonnegative('participant must be the index of a participant, counted from 0.')
  .max(4, 'participant must be the index of a participant, counted from 0 (at most 4).');

/**
 * POST /api/admin/enrollments/{id}/cancel. `refund`: everything that can still be refunded
 * ("full"), nothing ("none"), or an amount in dollars, at most what was paid less earlier refunds.
 * `notify` (default true) e-mails the parent the reason and the amount. With `participant`, only
 * that participant's place is cancelled, the others still coming: "full" is then that place's
 * share (what the booking costs now less what the pricing rule asks of those still coming).
 */
export const CancelEnrollmentRequestSchema = z.object({
  participant: ParticipantIndexSchema.optional(),
  refund: z.union([z.literal('full'), z.literal('none'), Dollars], { error: REFUND_MESSAGE }),
  reason: multiLineText('Reason').trim().max(500, 'Reason must be at most 500 characters.').optional(),
  notify: z.boolean({ error: 'notify must be true or false.' }).optional().default(true),
  /** Where the card's part of the refund goes: the card (default) or the household's family credit. */
  refundTo: RefundToSchema.optional(),
});
export type CancelEnrollmentRequest = z.input<typeof CancelEnrollmentRequestSchema>;

/**
 * POST /api/admin/enrollments/{id}/transfer. With `participant`, that participant alone moves, as a
 * booking of their own in the target, the others staying.
 */
export const TransferEnrollmentRequestSchema = z.object({
  participant: ParticipantIndexSchema.optional(),
  workshopId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'workshopId is not a workshop id.')),
});
export type TransferEnrollmentRequest = z.input<typeof TransferEnrollmentRequestSchema>;

export const REFUND_STATUSES = ['pending', 'issued', 'failed'] as const;

/** One refund of an enrollment, as the administrator sees it. Dollars. */
export const RefundViewSchema = z.object({
  refundKey: z.string(),
  amount: z.number(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  attempt: z.number().int().positive(),
  /** The provider's words when it refused. */
  failure: z.string().nullable(),
  /** Where the money goes: the card, the family credit, the gift card (absent on rows projected before it: the card). */
  to: MoneySourceSchema.optional(),
});
export type RefundView = z.infer<typeof RefundViewSchema>;

/**
 * The answer of cancel, refund retry and transfer: where the enrollment stands once the refunds
 * reactor had its say (a refund still `pending` when the provider was slow to answer), and the
 * position to pass as ?minPosition to the next read.
 */
export const AfterSaleResultSchema = z.object({
  enrollmentId: z.string(),
  status: z.string(),
  workshopId: z.string().nullable(),
  refunds: z.array(RefundViewSchema),
  position: z.string(),
  /** A participant's transfer: the booking of their own in the target. */
  newEnrollmentId: z.string().optional(),
});
export type AfterSaleResult = z.infer<typeof AfterSaleResultSchema>;

/** GET /api/admin/enrollments/{id}/transfer-options: `?participant=` for one participant's move. */
export const TransferOptionsQuerySchema = z.object({
  participant: z.coerce
    .number({ error: 'participant must be the index of a participant, counted from 0.' })
    .pipe(ParticipantIndexSchema)
    .optional(),
});

/**
 * One class a booking (or one participant of it) may move to (issue 37): upcoming, with room, of
 * the booking's program (its category) and the age range of everyone moving. Cents. `priceCents`
 * is the target's price for those moving with the booking's own discounts (its code, its sibling
 * discount); `worthCents` what the booking (or the place) is worth here; a dearer class
 * (`extraCents` > 0) cannot be chosen, a cheaper one refunds `refundCents`.
 */
export const TransferOptionSchema = z.object({
  workshopId: z.string(),
  title: z.string(),
  date: z.string(),
  location: z.string(),
  spotsLeft: z.number().int().nonnegative(),
  /** The list price of one place. */
  unitPriceCents: z.number().int().nonnegative(),
  priceCents: z.number().int().nonnegative(),
  worthCents: z.number().int().nonnegative(),
  extraCents: z.number().int().nonnegative(),
  refundCents: z.number().int().nonnegative(),
});
export type TransferOption = z.infer<typeof TransferOptionSchema>;
export const TransferOptionsSchema = z.object({
  seats: z.number().int().positive(),
  options: z.array(TransferOptionSchema),
});
export type TransferOptions = z.infer<typeof TransferOptionsSchema>;
