/**
 * The enrollment's calls to the API, plain (no query client): the islands (the enroll form, the
 * checkout) make them. The reads the app's pages keep in TanStack Query are in queries.ts.
 */
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  OfflineConfirmRequest,
  OfflineConfirmResponse,
  VerifyPaymentResponse,
} from '../../contracts/payments/api.js';
import { apiJson } from '../core/api.js';

export const enrollInWorkshop = (workshopId: string, body: Record<string, unknown>) =>
  apiJson<EnrollmentResponse>('POST', `/api/enroll/workshop/${encodeURIComponent(workshopId)}`, body);

export const createPaymentIntent = (body: CreatePaymentIntentRequest) =>
  apiJson<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', body);

export const verifyPayment = (paymentIntentId: string, clientSecret: string) =>
  apiJson<VerifyPaymentResponse>('POST', '/api/payments/verify', { paymentIntentId, clientSecret });

export const confirmWithTestCard = (body: OfflineConfirmRequest) =>
  apiJson<OfflineConfirmResponse>('POST', '/api/offline-payments/confirm', body);

/** The order confirmation's address, with everything it shows before the order loads. */
export function orderConfirmationHref(input: {
  workshopId: string | null;
  attendees: number;
  orderId: string;
  isFree: boolean;
  position?: string | null;
}): string {
  const q = new URLSearchParams({
    workshopId: input.workshopId ?? '',
    timestamp: String(Date.now()),
    attendees: String(input.attendees),
    orderId: input.orderId,
    isFree: String(input.isFree),
  });
  if (input.position) q.set('minPosition', input.position);
  return `/order-confirmation?${q.toString()}`;
}
