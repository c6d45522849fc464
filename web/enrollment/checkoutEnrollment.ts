import type { z } from 'zod';
import { EnrollmentLookupSchema } from '../../contracts/enrollment/lookup.js';
import { queryKeys } from '../core/queryKeys.js';
import { useApiRead } from '../core/useApiRead.js';

/**
 * What the checkout needs of an enrollment: the amount the server priced it at and the participants
 * it was priced for. The checkout never works the amount out from its address.
 */
const CheckoutEnrollmentSchema = EnrollmentLookupSchema.pick({
  id: true,
  participants: true,
  amountCents: true,
  isFree: true,
  pricing: true,
  holdExpiresAt: true,
});
export type CheckoutEnrollment = z.infer<typeof CheckoutEnrollmentSchema>;

const storageKey = (id: string) => `checkout-enrollment:${id}`;

/**
 * Leaves the enroll answer where the checkout finds it: in this tab's session storage, because the
 * checkout is a page of its own (a new document, with its own Content-Security-Policy for Stripe).
 */
export function rememberEnrollment(enrollment: CheckoutEnrollment): void {
  try {
    window.sessionStorage.setItem(storageKey(enrollment.id), JSON.stringify(enrollment));
  } catch {
    // Storage refused (private mode, quota): the checkout asks the server instead.
  }
}

function recalled(id: string): CheckoutEnrollment | undefined {
  try {
    const stored = window.sessionStorage.getItem(storageKey(id));
    const parsed = stored ? CheckoutEnrollmentSchema.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success && parsed.data.id === id ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The enrollment being paid: what the enroll answer left, else the server's lookup (GET /api/enrollments/:id). */
export const useCheckoutEnrollment = (id: string) =>
  useApiRead<CheckoutEnrollment>(id ? queryKeys.enrollment(id) : null, () => recalled(id));
