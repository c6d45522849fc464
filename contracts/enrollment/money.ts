/** Money helpers shared by the server, the receipt and the pages. Amounts are integer US cents. */

/** Whole-dollar (or cent-precise) catalogue prices to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$150.00" */
export const formatUsd = (cents: number): string => usd.format(cents / 100);

/** "$150" for whole dollars, "$12.50" otherwise: how the site shows prices. */
export const formatPrice = (cents: number): string =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatUsd(cents);

/** Price x participants, tax 0: the one rule for what an enrollment costs. */
export function priceEnrollment(unitPriceCents: number, participants: number) {
  const subtotalCents = unitPriceCents * participants;
  const taxCents = 0;
  return { subtotalCents, taxCents, amountCents: subtotalCents + taxCents, isFree: subtotalCents + taxCents === 0 };
}
