import { z } from 'zod';
import { PricingViewSchema } from './pricing.js';

/*
 * The enrollment as a checkout reads it, apart from the events and the forms: the checkout's island
 * builds this one schema in the browser, not every event's (contracts/enrollment/api.ts and
 * events.ts re-export what is here).
 */

export const EnrollmentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an enrollment id');

export const ENROLLMENT_STATUSES = ['pending', 'completed', 'expired', 'cancelled', 'refunded'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'free', 'unpaid', 'failed', 'refunded'] as const;

/**
 * GET /api/enrollments/{id} (test mode): what a checkout needs to take the payment of an
 * enrollment, and nothing that names a person. No e-mail, phone, names of parents or children,
 * school or emergency contacts: the server already has the e-mail for the receipt, and an
 * enrollment id travels in checkout addresses (history, logs, shared links).
 */
export const EnrollmentLookupSchema = z.object({
  id: EnrollmentIdSchema,
  status: z.enum(ENROLLMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Set once confirmed. */
  orderId: z.string().nullable(),
  workshopId: z.string().nullable(),
  programId: z.string().nullable(),
  /** The workshop's or program's title, as the order summary shows it. */
  title: z.string(),
  participants: z.number().int(),
  amountCents: z.number().int(),
  isFree: z.boolean(),
  /** When an unpaid hold lapses (ISO), or null. */
  holdExpiresAt: z.string().nullable(),
  /** The price breakdown; the card is charged its `dueNowCents` (absent on orders projected before it). */
  pricing: PricingViewSchema.optional(),
});
export type EnrollmentLookup = z.infer<typeof EnrollmentLookupSchema>;
