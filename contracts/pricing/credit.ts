import { z } from 'zod';
import { EnrollmentIdSchema } from '../enrollment/events.js';

/**
 * A household's credit (issue 27): refunds the family chose to keep with the school, used first at
 * its next checkout. One stream per household, `household-credit-<householdId>`: the ledger, so
 * the credit never goes negative under concurrency. A part taken for an unpaid enrollment is
 * reserved with its seats and given back if the hold lapses.
 */
export const householdCreditStream = (householdId: string) => `household-credit-${householdId}`;
export const HOUSEHOLD_CREDIT_STREAM_PREFIX = 'household-credit-';

const Instant = z.string().datetime({ offset: true });
const HouseholdId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const FamilyCreditAddedSchema = z.object({
  householdId: HouseholdId,
  amountCents: z.number().int().positive(),
  /** The refund it came from (`RefundRequested.refundKey`): the same refund adds once. */
  refundKey: z.string().min(1),
  enrollmentId: EnrollmentIdSchema,
  addedAt: Instant,
});
export const FamilyCreditReservedSchema = z.object({
  householdId: HouseholdId,
  enrollmentId: EnrollmentIdSchema,
  amountCents: z.number().int().positive(),
  replaces: EnrollmentIdSchema.optional(),
  reservedAt: Instant,
});
export const FamilyCreditReleasedSchema = z.object({
  householdId: HouseholdId,
  enrollmentId: EnrollmentIdSchema,
  reason: z.enum(['refused', 'expired', 'cancelled', 'replaced', 'refunded']),
  releasedAt: Instant,
});

export const familyCreditEventSchemas = {
  FamilyCreditAdded: FamilyCreditAddedSchema,
  FamilyCreditReserved: FamilyCreditReservedSchema,
  FamilyCreditReleased: FamilyCreditReleasedSchema,
} as const;

export type FamilyCreditEvent =
  | { type: 'FamilyCreditAdded'; data: z.infer<typeof FamilyCreditAddedSchema> }
  | { type: 'FamilyCreditReserved'; data: z.infer<typeof FamilyCreditReservedSchema> }
  | { type: 'FamilyCreditReleased'; data: z.infer<typeof FamilyCreditReleasedSchema> };
