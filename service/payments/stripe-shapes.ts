import { PaymentIntentStatusSchema } from '../../contracts/payments/api.js';
import type { PaidCard, PaymentIntentInfo, ProviderEvent } from './port.js';

/** The fields of a Stripe PaymentIntent object (API JSON) this app reads. */
export interface StripeIntentJson {
  id: string;
  object?: string;
  amount: number;
  currency?: string;
  status: string;
  client_secret?: string | null;
  metadata?: Record<string, string> | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null; message?: string | null } | null;
  /** Set when the intent pays for a customer (a card to be saved, or a saved one charged); an id or the expanded object. */
  customer?: string | { id: string } | null;
  /** An id, or the expanded payment method with its card's brand and last four digits. */
  payment_method?: string | { id: string; card?: { brand?: string | null; last4?: string | null } | null } | null;
  setup_future_usage?: string | null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Reads a Stripe PaymentIntent (from the SDK or from an event body) into the port's shape. */
export function intentInfoOf(pi: StripeIntentJson): PaymentIntentInfo {
  const status = PaymentIntentStatusSchema.safeParse(pi.status);
  const err = pi.last_payment_error;
  const savedCard = savedCardOf(pi);
  const card = paidCardOf(pi);
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: status.success ? status.data : 'requires_payment_method',
    amountCents: pi.amount,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: err
      ? {
          code: err.decline_code || err.code || 'card_error',
          message: err.message || 'An error occurred during payment processing',
        }
      : null,
    ...(savedCard ? { savedCard } : {}),
    ...(card ? { card } : {}),
  };
}

/** The card that paid, when the payment method came expanded with its brand and last four digits. */
function paidCardOf(pi: StripeIntentJson): PaidCard | null {
  const card = typeof pi.payment_method === 'object' ? pi.payment_method?.card : null;
  return card?.brand && card.last4 && /^\d{4}$/.test(card.last4) ? { brand: card.brand, last4: card.last4 } : null;
}

/** The card an intent saved or charged: its customer and payment method, once both are known. */
function savedCardOf(pi: StripeIntentJson): PaymentIntentInfo['savedCard'] {
  const customerId = idOf(pi.customer);
  const paymentMethodId = idOf(pi.payment_method);
  return customerId && paymentMethodId ? { customerId, paymentMethodId } : null;
}

/** A verified Stripe event body into the port's shape. */
export function providerEventOf(event: { id: string; type: string; data?: { object?: unknown } }): ProviderEvent {
  const object = event.data?.object as StripeIntentJson | undefined;
  const intent =
    event.type.startsWith('payment_intent.') && object && typeof object.id === 'string' ? intentInfoOf(object) : null;
  return { id: event.id, type: event.type, intent };
}
