import { createHash } from 'node:crypto';
import type { ChargeSavedCardInput } from './port.js';
import type { StripeIntentJson } from './stripe-shapes.js';

/** One customer per key, as Stripe's idempotency gives the customer made first. */
export const customerIdOf = (idempotencyKey: string) =>
  `cus_offline_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

/**
 * A saved card charged with the parent away, as Stripe answers it: paid, or declined with the
 * card's error (4000 0000 0000 0341 always; a card detached or another customer's is unavailable).
 */
export function offSessionIntent(
  id: string,
  clientSecret: string,
  input: ChargeSavedCardInput,
  card: { customer: string; declinesLater: boolean; detached: boolean } | null,
): StripeIntentJson {
  const usable = card !== null && !card.detached && card.customer === input.card.customerId;
  const declined = !usable || card.declinesLater;
  return {
    id,
    object: 'payment_intent',
    amount: input.amountCents,
    currency: 'usd',
    status: declined ? 'requires_payment_method' : 'succeeded',
    client_secret: clientSecret,
    metadata: input.metadata,
    last_payment_error: !declined
      ? null
      : usable
        ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
        : { code: 'payment_method_unavailable', message: 'The saved card is no longer available.' },
  };
}
