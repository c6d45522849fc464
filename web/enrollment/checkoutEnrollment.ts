import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { EnrollmentLookupSchema } from '../../contracts/enrollment/api.js';
import { queryKeys } from '../core/queryKeys.js';

/**
 * What the checkout needs of an enrollment: the amount the server priced it at and the participants
 * it was priced for. The checkout never works the amount out from its address.
 */
const CheckoutEnrollmentSchema = EnrollmentLookupSchema.pick({
  id: true,
  participants: true,
  amountCents: true,
  isFree: true,
});
export type CheckoutEnrollment = z.infer<typeof CheckoutEnrollmentSchema>;

const storageKey = (id: string) => `checkout-enrollment:${id}`;

/**
 * Leaves the enroll answer where the checkout finds it: in the query cache under the enrollment's
 * key, and in this tab's session storage, because with Stripe the checkout opens as a new document
 * (its own Content-Security-Policy) and the cache does not survive that.
 */
export function rememberEnrollment(queryClient: QueryClient, enrollment: CheckoutEnrollment): void {
  queryClient.setQueryData(queryKeys.enrollment(enrollment.id), enrollment);
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
export function useCheckoutEnrollment(id: string) {
  return useQuery<CheckoutEnrollment>({
    queryKey: queryKeys.enrollment(id),
    enabled: id !== '',
    initialData: () => recalled(id),
  });
}
