/**
 * Where the money of a booking came from (decision 055). `invoice` is an organization's payment
 * against an invoice (issue 39, record 125), booked as received. `free`: a free enrollment, 0 cents.
 */
export const REVENUE_SOURCES = ['card', 'gift-card', 'credit', 'invoice', 'free'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

export const SOURCE_LABELS: Record<RevenueSource, string> = {
  card: 'Card',
  'gift-card': 'Gift card',
  credit: 'Family credit',
  invoice: 'Invoice',
  free: 'Free',
};

/** Where a refund went: back to the card, onto the gift card, into the family's credit. */
export const REFUND_DESTINATIONS = ['card', 'gift-card', 'credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
