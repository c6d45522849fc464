import type { PaymentMethod } from './events.js';

/** What of an order was paid from a balance rather than the card. */
interface PaidFrom {
  paidByGiftCardCents: number;
  paidByCreditCents: number;
}

const joined = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/**
 * "Payment method" naming every source of the order (issue 37): the recorded method when one source
 * paid it all ("Credit Card", "Gift Card"), else each, gift card first, the card last ("Gift card
 * and credit card"). Without a breakdown, the recorded method as it is.
 */
export function paymentMethodWords(method: PaymentMethod | null, pricing: PaidFrom | null | undefined): string | null {
  if (!method || method === 'Free Enrollment' || !pricing) return method;
  const names = [
    ...(pricing.paidByGiftCardCents > 0 ? ['gift card'] : []),
    ...(pricing.paidByCreditCents > 0 ? ['family credit'] : []),
    // The card was charged whenever the method says so; a balance's method means none was.
    ...(method === 'Credit Card' ? ['credit card'] : []),
  ];
  if (names.length < 2) return method;
  const words = joined(names);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
