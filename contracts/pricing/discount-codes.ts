import { z } from 'zod';
import { WorkshopCategorySchema, WorkshopIdSchema, ZonedDateTimeStringSchema } from '../catalogue/workshop.js';
import { EnrollmentIdSchema } from '../enrollment/events.js';
import { PriceLineSchema } from '../enrollment/pricing.js';

/**
 * Discount codes: each code is its own stream, `discount-code-<CODE>`, the ledger of its
 * redemptions, so "never more than maxRedemptions" is decided with the stream's expected revision.
 * A redemption is taken with the seats when an enrollment is submitted and given back when the
 * hold lapses or the enrollment is cancelled before it is paid.
 */
export const discountCodeStream = (code: string) => `discount-code-${code}`;
export const DISCOUNT_CODE_STREAM_PREFIX = 'discount-code-';

/** Codes are kept in capitals; "spring10" and "SPRING10" are one code. */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();

export const DISCOUNT_CODE_RULE = 'Use 3 to 32 letters, digits or dashes, e.g. SPRING10.';
export const DiscountCodeSchema = z
  .string({ error: 'code is required.' })
  .transform(normalizeDiscountCode)
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, DISCOUNT_CODE_RULE));

const Instant = z.string().datetime({ offset: true });
const Cents = z.number().int().nonnegative();

/** What a code gives and to whom, as the administrator made it. */
export const DiscountCodeRulesSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().min(1).max(100).optional(),
  amountOffCents: z.number().int().positive().optional(),
  validFrom: Instant.optional(),
  validUntil: Instant.optional(),
  maxRedemptions: z.number().int().positive().optional(),
  workshopIds: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  minParticipants: z.number().int().positive().optional(),
});
export type DiscountCodeRules = z.infer<typeof DiscountCodeRulesSchema>;

export const DiscountCodeCreatedSchema = DiscountCodeRulesSchema.extend({ createdAt: Instant });
export const DiscountCodeDeactivatedSchema = z.object({ code: z.string(), deactivatedAt: Instant });
export const DiscountCodeRedeemedSchema = z.object({
  code: z.string(),
  enrollmentId: EnrollmentIdSchema,
  workshopId: z.string(),
  discountCents: Cents,
  /** The enrollment whose redemption this one took over (the same parent sent the form again). */
  replaces: EnrollmentIdSchema.optional(),
  redeemedAt: Instant,
});
export const REDEMPTION_RELEASE_REASONS = ['refused', 'expired', 'cancelled', 'replaced', 'refunded'] as const;
export const DiscountRedemptionReleasedSchema = z.object({
  code: z.string(),
  enrollmentId: EnrollmentIdSchema,
  /** refused: the enrollment was refused after the code was taken; the others: it ended unpaid. */
  reason: z.enum(REDEMPTION_RELEASE_REASONS),
  releasedAt: Instant,
});
export type RedemptionReleaseReason = (typeof REDEMPTION_RELEASE_REASONS)[number];

export const discountCodeEventSchemas = {
  DiscountCodeCreated: DiscountCodeCreatedSchema,
  DiscountCodeDeactivated: DiscountCodeDeactivatedSchema,
  DiscountCodeRedeemed: DiscountCodeRedeemedSchema,
  DiscountRedemptionReleased: DiscountRedemptionReleasedSchema,
} as const;

export type DiscountCodeCreated = z.infer<typeof DiscountCodeCreatedSchema>;
export type DiscountCodeEvent =
  | { type: 'DiscountCodeCreated'; data: DiscountCodeCreated }
  | { type: 'DiscountCodeDeactivated'; data: z.infer<typeof DiscountCodeDeactivatedSchema> }
  | { type: 'DiscountCodeRedeemed'; data: z.infer<typeof DiscountCodeRedeemedSchema> }
  | { type: 'DiscountRedemptionReleased'; data: z.infer<typeof DiscountRedemptionReleasedSchema> };

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/** POST /api/admin/discount-codes: a percentage or an amount off, optionally limited in time, uses, offerings and group size. */
export const CreateDiscountCodeRequestSchema = z
  .object({
    code: DiscountCodeSchema,
    percentOff: whole('percentOff', 1, 100).optional(),
    amountOffCents: whole('amountOffCents', 1, 10_000_000).optional(),
    validFrom: ZonedDateTimeStringSchema.optional(),
    validUntil: ZonedDateTimeStringSchema.optional(),
    maxRedemptions: whole('maxRedemptions', 1, 1_000_000).optional(),
    workshopIds: z
      .array(WorkshopIdSchema)
      .min(1, 'workshopIds: name at least one workshop, or leave it out.')
      .max(100)
      .optional(),
    categories: z.array(WorkshopCategorySchema).min(1, 'categories: name at least one, or leave it out.').optional(),
    minParticipants: whole('minParticipants', 1, 5).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.percentOff === undefined) === (v.amountOffCents === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Give either percentOff or amountOffCents, not both and not neither.',
      });
    }
    if (v.workshopIds && v.categories) {
      ctx.addIssue({
        code: 'custom',
        path: ['categories'],
        message: 'A code is for some workshops or for some categories: give workshopIds or categories, not both.',
      });
    }
    if (v.validFrom && v.validUntil && Date.parse(v.validUntil) <= Date.parse(v.validFrom)) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'validUntil must be after validFrom.' });
    }
  });
export type CreateDiscountCodeRequest = z.input<typeof CreateDiscountCodeRequestSchema>;

/** A code in the admin list (`discount-codes` read model): its rules, whether it is on, and its live redemptions. */
export const DiscountCodeViewSchema = DiscountCodeRulesSchema.extend({
  active: z.boolean(),
  createdAt: Instant,
  deactivatedAt: Instant.nullable(),
  /** Redemptions that count: held with unpaid seats or sold. */
  redemptions: z.number().int().nonnegative(),
  /** Every redemption, live or given back, newest first. */
  redeemed: z.array(
    z.object({
      enrollmentId: z.string(),
      workshopId: z.string(),
      discountCents: Cents,
      redeemedAt: Instant,
      releasedAt: Instant.nullable(),
      releaseReason: z.enum(REDEMPTION_RELEASE_REASONS).nullable(),
    }),
  ),
});
export type DiscountCodeView = z.infer<typeof DiscountCodeViewSchema>;

/** GET /api/discount-codes/:code?workshopId=&participants= */
export const DiscountPreviewQuerySchema = z.object({
  workshopId: WorkshopIdSchema,
  participants: z.coerce
    .number({ error: 'participants must be a number from 1 to 5.' })
    .int('participants must be a whole number.')
    .min(1, 'participants must be at least 1.')
    .max(5, 'participants must be at most 5.'),
});

export const DiscountPreviewSchema = z.object({
  valid: z.boolean(),
  /** What the code takes off this order (0 when not valid). */
  discountCents: Cents,
  /** The order's total with the code (without it when not valid): the `totalPrice` to send, in cents. */
  totalCents: Cents,
  /** Why the code does not apply, in words a parent reads; null when valid. */
  reason: z.string().nullable(),
  /** The code's line as the order will show it ("Code SPRING10: 10% off"); null when not valid. */
  line: PriceLineSchema.nullable(),
});
export type DiscountPreview = z.infer<typeof DiscountPreviewSchema>;
