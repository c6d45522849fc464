/**
 * Stripe's test cards as the offline provider treats them. Anything else is refused before a
 * charge is tried, the way Stripe Elements refuses an unknown number in the browser.
 */
export type CardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'declined'; code: 'card_declined'; declineCode: string; message: string }
  | { kind: 'invalid'; code: string; message: string };

const DECLINES: Record<string, { declineCode: string; message: string }> = {
  '4000000000000002': { declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

/** The card that always pays (Stripe's 4242 4242 4242 4242). */
export const SUCCEEDING_TEST_CARD = '4242424242424242';

/**
 * Stripe's 4000 0000 0000 0341: it can be saved for later, and every later charge is declined. The
 * offline provider lets it pay the payment that saves it (issue 43: the first instalment), so a
 * plan's declined instalment can be tried end to end; paid without saving, it is declined at once.
 */
export const SAVES_THEN_DECLINES_CARD = '4000000000000341';

export function cardOutcome(cardNumber: string, expiry: string, now: Date, saving = false): CardOutcome {
  const digits = cardNumber.replace(/\D/g, '');
  // "12/29" or "1229": the month, then the year.
  const [mm, yy] = [expiry.replace(/\D/g, '').slice(0, 2), expiry.replace(/\D/g, '').slice(2)].map(Number);
  // A card is good through the last day of its expiry month.
  if (!mm || yy === undefined || new Date(2000 + yy, mm, 1) <= now) {
    return { kind: 'invalid', code: 'expired_card', message: "Your card's expiration date is in the past." };
  }
  if (digits === SUCCEEDING_TEST_CARD) return { kind: 'succeeded' };
  if (digits === SAVES_THEN_DECLINES_CARD)
    return saving
      ? { kind: 'succeeded' }
      : { kind: 'declined', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
  const decline = DECLINES[digits];
  if (decline) return { kind: 'declined', code: 'card_declined', ...decline };
  return {
    kind: 'invalid',
    code: 'incorrect_number',
    message: 'Your card number is incorrect. Use one of the test cards listed above.',
  };
}

/** The card a test number stands for, as Stripe names it on the payment method: its brand and last four digits. */
export function testCardOf(cardNumber: string): { brand: string; last4: string } {
  const digits = cardNumber.replace(/\D/g, '');
  const brand = /^4/.test(digits)
    ? 'visa'
    : /^(5[1-5]|2[2-7])/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : /^(6011|65)/.test(digits)
          ? 'discover'
          : 'unknown';
  return { brand, last4: digits.slice(-4) };
}
