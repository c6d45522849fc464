import { useQuery } from '@tanstack/react-query';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { OrderView } from '../../contracts/enrollment/api.js';
import type { StripeConfig } from '../../contracts/payments/api.js';
import type { PricingSettings } from '../../contracts/pricing/settings.js';
import type { AccountView } from '../../contracts/account/api.js';
import { queryKeys } from '../core/queryKeys.js';

/** The enrollment's reads for the app's pages, kept in TanStack Query (islands use core/useApiRead.ts). */
export function useWorkshop(id: string, enabled = true) {
  return useQuery<Workshop>({
    queryKey: queryKeys.workshop(id),
    enabled: enabled && Boolean(id),
    // A 404 the server rendered is not asked again when the page hydrates.
    retryOnMount: false,
  });
}

/**
 * The signed-in family the server rendered this page for (a page whose entry says `family`), never
 * asked from here: on any other render there is none, and the page's island asks when it may.
 */
export function useServerFamily(): AccountView | undefined {
  return useQuery<AccountView>({ queryKey: queryKeys.account(), enabled: false }).data;
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
