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

/** A course joined late: `left` of its `total` sessions are bought. */
export interface SessionShare {
  left: number;
  total: number;
}

/**
 * The one rule for what an enrollment costs, tax 0: the lowest of price x participants and the
 * total of every tier for exactly that many participants. A tier never applies to another count
 * (a couple's price says nothing about three people), and never costs more than paying per person.
 * `tier` is the tier that set the price, or null. A course joined late (`sessions`, fewer left than
 * its total) costs that price x left / total, rounded to the cent; `proRata` says so, else null.
 */
export function priceEnrollment(
  unitPriceCents: number,
  participants: number,
  tiers: readonly TierCents[] = [],
  sessions?: SessionShare,
) {
  let subtotalCents = unitPriceCents * participants;
  let tier: TierCents | null = null;
  for (const t of tiers) {
    if (t.participants === participants && t.totalCents < subtotalCents) {
      subtotalCents = t.totalCents;
      tier = t;
    }
  }
  const proRata = sessions && sessions.total > 0 && sessions.left < sessions.total ? sessions : null;
  if (proRata) subtotalCents = Math.round((subtotalCents * proRata.left) / proRata.total);
  const taxCents = 0;
  return {
    subtotalCents,
    taxCents,
    amountCents: subtotalCents + taxCents,
    isFree: subtotalCents + taxCents === 0,
    tier,
    proRata,
  };
}

/** The sessions a late joiner buys of an item that says where they joined (`fromSession`), or undefined. */
export const sessionShareOf = (item: {
  fromSession?: number;
  sessions?: readonly unknown[];
}): SessionShare | undefined =>
  item.fromSession && item.sessions
    ? { left: item.sessions.length - item.fromSession + 1, total: item.sessions.length }
    : undefined;

/** "3 of 4 sessions" */
export const sessionShareWords = (share: SessionShare) => `${share.left} of ${share.total} sessions`;

/** A workshop's tiers (dollars, as the catalogue holds them) in cents. */
export const tiersInCents = (tiers: readonly { participants: number; totalPrice: number }[] | undefined): TierCents[] =>
  (tiers ?? []).map((t) => ({ participants: t.participants, totalCents: toCents(t.totalPrice) }));
