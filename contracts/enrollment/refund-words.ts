import type { MoneySource } from './events.js';
import { formatUsd } from './money.js';

/**
 * How the parent is told where refunded money went, from the refunds as they were recorded (each
 * RefundRequested names where it goes): the cancellation and transfer e-mails and the booking page
 * say the same.
 */

/** One decision's refunds that went to one place, in cents. */
export interface RefundPart {
  to: MoneySource;
  cents: number;
}

/** Where refunded money goes, as a sentence ends: "… to the card used for payment". */
export const REFUND_PLACES: Record<MoneySource, string> = {
  card: 'the card used for payment',
  credit: 'your family credit',
  'gift-card': 'your gift card',
};

const ORDER: readonly MoneySource[] = ['card', 'credit', 'gift-card'];

/** Refunds summed by where they went (absent `to`: the card), the card first; none of 0. */
export function refundPartsOf(refunds: readonly { to?: MoneySource | undefined; amountCents: number }[]): RefundPart[] {
  return ORDER.map((to) => ({
    to,
    cents: refunds.filter((r) => (r.to ?? 'card') === to).reduce((sum, r) => sum + r.amountCents, 0),
  })).filter((p) => p.cents > 0);
}

export const refundTotal = (parts: readonly RefundPart[]) => parts.reduce((sum, p) => sum + p.cents, 0);

/** " to your family credit", or, split, ": $25.00 to the card used for payment and $200.00 to your gift card". */
export function refundDestinations(parts: readonly RefundPart[]): string {
  if (parts.length === 1) return ` to ${REFUND_PLACES[parts[0]!.to]}`;
  const each = parts.map((p) => `${formatUsd(p.cents)} to ${REFUND_PLACES[p.to]}`);
  return `: ${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/** When the money is there again: the card's takes days, the credit's and the gift card's are there at once. */
export function refundTiming(parts: readonly RefundPart[]): string {
  const card = parts.some((p) => p.to === 'card');
  const balances = parts.filter((p) => p.to !== 'card');
  if (card && balances.length === 0)
    return 'Refunds usually appear within 5 to 10 business days, depending on your bank.';
  if (card)
    return 'The card refund usually appears within 5 to 10 business days, depending on your bank; the rest can be used again at once.';
  if (balances.length > 1) return 'Both can be used again at once.';
  return balances[0]?.to === 'credit'
    ? 'Your family credit pays towards your next booking at once.'
    : 'Your gift card can be used again at once.';
}
