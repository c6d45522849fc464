/** Money helpers shared by the server, the receipt and the pages. Amounts are integer US cents. */

/** Whole-dollar (or cent-precise) catalogue prices to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$150.00" */
export const formatUsd = (cents: number): string => usd.format(cents / 100);

/** "$150" for whole dollars, "$12.50" otherwise: how the site shows prices. */
export const formatPrice = (cents: number): string =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatUsd(cents);

/** A group price in cents: `participants` enrolled together pay `totalCents`. */
export interface TierCents {
  participants: number;
  totalCents: number;
}

/**
 * The one rule for what an enrollment costs, tax 0: the lowest of price x participants and the
 * total of every tier for exactly that many participants. A tier never applies to another count
 * (a couple's price says nothing about three people), and never costs more than paying per person.
 * `tier` is the tier that set the price, or null.
 */
export function priceEnrollment(unitPriceCents: number, participants: number, tiers: readonly TierCents[] = []) {
  let subtotalCents = unitPriceCents * participants;
  let tier: TierCents | null = null;
  for (const t of tiers) {
    if (t.participants === participants && t.totalCents < subtotalCents) {
      subtotalCents = t.totalCents;
      tier = t;
    }
  }
  const taxCents = 0;
  return {
    subtotalCents,
    taxCents,
    amountCents: subtotalCents + taxCents,
    isFree: subtotalCents + taxCents === 0,
    tier,
  };
}

/** A workshop's tiers (dollars, as the catalogue holds them) in cents. */
export const tiersInCents = (tiers: readonly { participants: number; totalPrice: number }[] | undefined): TierCents[] =>
  (tiers ?? []).map((t) => ({ participants: t.participants, totalCents: toCents(t.totalPrice) }));
