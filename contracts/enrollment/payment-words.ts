import type { PaidCard, PaymentMethod } from './events.js';

/** What of an order was paid from a balance rather than the card. */
interface PaidFrom {
  paidByGiftCardCents: number;
  paidByCreditCents: number;
}

const joined = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/** Card brands as Stripe names them, as people write them. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** "Visa ending 4242": the card that paid, as a receipt names it (issue 37). */
export const cardWords = (card: PaidCard) => `${BRANDS[card.brand] ?? 'Card'} ending ${card.last4}`;

/**
 * "Payment method" naming every source of the order (issue 37): the recorded method when one source
 * paid it all ("Credit Card", "Gift Card"), else each, gift card first, the card last ("Gift card
 * and credit card"). Without a breakdown, the recorded method as it is. The card, when the one that
 * paid is known, by its brand and last four digits ("Visa ending 4242", "Gift card and Visa ending 4242").
 */
export function paymentMethodWords(
  method: PaymentMethod | null,
  pricing: PaidFrom | null | undefined,
  card?: PaidCard | null,
): string | null {
  const named = method === 'Credit Card' && card ? cardWords(card) : method;
  if (!method || method === 'Free Enrollment' || !pricing) return named;
  const names = [
    ...(pricing.paidByGiftCardCents > 0 ? ['gift card'] : []),
    ...(pricing.paidByCreditCents > 0 ? ['family credit'] : []),
    // The card was charged whenever the method says so; a balance's method means none was.
    ...(method === 'Credit Card' ? [card ? cardWords(card) : 'credit card'] : []),
  ];
  if (names.length < 2) return named;
  const words = joined(names);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
