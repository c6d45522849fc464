import type { PriceLine } from '../../contracts/enrollment/money.js';
import type { PricingView } from '../../contracts/enrollment/pricing.js';

/**
 * A sold booking's breakdown after a transfer: the new date's lines (seats or tier, and the
 * order's own sibling discount and code), what the gift card and the credit paid unchanged, and
 * what it still owes. Transfers recorded before their lines were kept show the new total alone.
 */
export function transferredPricing(
  pricing: PricingView,
  totalCents: number,
  lines: PriceLine[] | undefined,
  owedCents: number,
): PricingView {
  const kept = pricing.lines.filter((l) => l.kind === 'gift-card' || l.kind === 'credit');
  const priced = lines ?? [{ kind: 'seats' as const, label: 'Transferred', amountCents: totalCents }];
  const subtotalCents = priced[0]?.amountCents ?? totalCents;
  return {
    ...pricing,
    lines: [...priced, ...kept],
    subtotalCents,
    discountCents: subtotalCents - totalCents,
    totalCents,
    balanceCents: owedCents,
  };
}
