import { useQuery } from '@tanstack/react-query';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { EnrollmentResponse, OrderView } from '../../contracts/enrollment/api.js';
import type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  OfflineConfirmRequest,
  OfflineConfirmResponse,
  StripeConfig,
  VerifyPaymentResponse,
} from '../../contracts/payments/api.js';
import { apiJson } from '../core/api.js';
import type { PricingSettings } from '../../contracts/pricing/settings.js';
import { queryKeys } from '../core/queryKeys.js';

export function useWorkshop(id: string, enabled = true) {
  return useQuery<Workshop>({
    queryKey: queryKeys.workshop(id),
    enabled: enabled && Boolean(id),
    // A 404 the server rendered is not asked again when the page hydrates.
    retryOnMount: false,
  });
}

/** The school's sibling discount, which the enroll page prices with (the page's `pricingSettings` read). */
export function usePricingSettings() {
  return useQuery<PricingSettings>({ queryKey: queryKeys.pricingSettings(), retryOnMount: false });
}

export function useStripeConfig() {
  return useQuery<StripeConfig>({ queryKey: queryKeys.stripeConfig() });
}

/** The order as the `orders` read model has it, waiting (bounded) for the write that made it. */
export function useOrder(orderId: string, minPosition?: string) {
  return useQuery<OrderView>({
    queryKey: queryKeys.order(orderId, minPosition ? { minPosition } : undefined),
    enabled: Boolean(orderId),
  });
}

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
