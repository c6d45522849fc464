import { z } from 'zod';
import { EnrollmentIdSchema } from './events.js';
import { CheckoutHoldsSchema } from '../catalogue/events.js';

export { CheckoutHoldsSchema, type CheckoutHolds } from '../catalogue/events.js';

/**
 * The stream `checkout-<enrollmentId>`: what happened to a checkout that never became an
 * enrollment. Its seats may be held, its client's allowance and its code, gift card and credit
 * parts taken, yet no EnrollmentSubmitted follows: the request was refused after its first write,
 * or it died before it recorded the enrollment. CheckoutRefused says so once, with what the
 * checkout may hold, and the checkout workflow gives it all back.
 */
export const checkoutStream = (enrollmentId: string) => `checkout-${enrollmentId}`;

const Instant = z.string().datetime({ offset: true });

export const CheckoutRefusedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** The workshop whose seats it may hold (null: none asked for, a program's or a test page's). */
  workshopId: z.string().min(1).nullable(),
  holds: CheckoutHoldsSchema,
  /**
   * `seats`: the workshop turned the seats down; `pricing`: the code, the gift card or the credit
   * did; `not-recorded`: the enrollment could not be written; `lapsed`: its hold lapsed and no
   * enrollment was ever recorded for it (the request died).
   */
  reason: z.enum(['seats', 'pricing', 'not-recorded', 'lapsed']),
  refusedAt: Instant,
});
export type CheckoutRefused = z.infer<typeof CheckoutRefusedSchema>;

export const checkoutEventSchemas = { CheckoutRefused: CheckoutRefusedSchema } as const;
export type CheckoutEvent = { type: 'CheckoutRefused'; data: CheckoutRefused };
