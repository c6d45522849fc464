import { z } from 'zod';

/** GET /api/policies: the school's configured rules a parent reads on /terms. */
export const PoliciesSchema = z.object({
  /** Cancelling at least this many days before the start refunds in full; later, nothing. */
  cancellationFullRefundDays: z.number().int().nonnegative(),
  /** The one reminder e-mail leaves once the workshop is less than this many hours away. */
  reminderHours: z.number().positive(),
  /** How long seats are held for an unpaid enrollment, in minutes. */
  seatHoldMinutes: z.number().positive(),
});
export type Policies = z.infer<typeof PoliciesSchema>;
