import type { PaymentIntentStatus, PaymentProvider } from '../../contracts/payments/api.js';

/** A PaymentIntent as this app needs it, whichever provider holds it. Amounts in cents. */
export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  metadata: Record<string, string>;
  /** The provider's last decline, if any. */
  lastError: { code: string; message: string } | null;
  /**
   * The card saved for later charges (issue 43): the provider's customer and payment method, once
   * a PaymentIntent created with `saveCard` is paid; null otherwise.
   */
  savedCard?: SavedCard | null;
  /**
   * The card that paid (issue 37): its brand as the provider names it ("visa", "mastercard") and
   * its last four digits, when the provider said (Stripe: the payment method, expanded); absent or null otherwise.
   */
  card?: PaidCard | null;
}

/** A card as a receipt may name it: "Visa ending 4242". */
export interface PaidCard {
  brand: string;
  last4: string;
}

/** A card kept with the provider for charges without the parent present (Stripe: a customer and its payment method). */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
}

export interface CreateIntentInput {
  amountCents: number;
  /** The same key gives the same PaymentIntent (one per enrollment). */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  receiptEmail?: string;
  /**
   * Keep the card for later charges without the parent present (an instalment plan, issue 43):
   * Stripe makes a customer (under `customerIdempotencyKey`) and pays with setup_future_usage=off_session.
   */
  saveCard?: { customerIdempotencyKey: string; email?: string };
}

/** A charge of a saved card with the parent away (an instalment on its date). */
export interface ChargeSavedCardInput {
  card: SavedCard;
  amountCents: number;
  /** One key per charge decided: a crash and a retry with it never charge twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * A provider event after its signature was verified: Stripe's event shape, reduced to what the
 * app reads. `intent` is set for payment_intent.* events.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: PaymentIntentInfo | null;
}

/** The signature header was missing, malformed or did not match the body. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or refused the call. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The provider answered and refused the refund (already refunded, more than is left, a card that
 * cannot take it back): asking again with the same key gets the same refusal. Not a time-out or
 * an outage, which are PaymentProviderError and are retried as they are.
 */
export class RefundRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RefundRefusedError';
  }
}

/** Where verified provider events go: the same function behind POST /api/webhook. */
export type WebhookDelivery = (rawBody: string, signatureHeader: string) => Promise<void>;

/** The payments port. Two adapters: Stripe (stripe SDK) and offline (Stripe's test cards, no network). */
export interface PaymentsPort {
  readonly provider: PaymentProvider;
  /** Publishable key for Stripe Elements; null with the offline provider. */
  readonly publishableKey: string | null;
  readonly hasSecretKey: boolean;
  createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  /**
   * Refunds `amountCents` of the PaymentIntent (all that is left when absent); the same key refunds
   * once. Throws RefundRefusedError when the provider refuses, PaymentProviderError when it cannot be asked.
   */
  refund(
    paymentIntentId: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<{ refundId: string; amountCents: number }>;
  /**
   * Cancels a PaymentIntent not paid yet, so it can never be paid (an older tab's form for an amount
   * no longer owed). Resolves false when it was paid already (its money is then recorded and dealt
   * with as it arrives), true when it is cancelled or was.
   */
  cancelPaymentIntent(id: string): Promise<boolean>;
  /**
   * Charges a saved card off-session, confirmed at once. A decline answers the intent with its
   * status and `lastError` (not thrown); PaymentProviderError when the provider cannot be asked.
   * The same key answers the charge made first.
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntentInfo>;
  /** Forgets a saved card (the plan ended, the family erased); true when detached or already gone. */
  detachCard(card: SavedCard): Promise<boolean>;
  /** Whether the provider answers with these keys. */
  checkConnection(): Promise<{ ok: true } | { ok: false; error: string }>;
  /** Verifies the Stripe-Signature header against the raw body and parses the event; throws WebhookSignatureError. */
  verifyEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined): ProviderEvent;
  /** Signs a body as the provider would (Stripe's scheme): for test-mode simulations only. */
  signForTest(payload: string): string;
  /** The offline provider delivers its outcomes through this; Stripe ignores it (it calls /api/webhook). */
  attachDelivery(deliver: WebhookDelivery): void;
  /** Releases what the adapter holds open (the offline provider's SQLite file). */
  close?(): void;
}

/**
 * Metadata keys the app puts on a PaymentIntent. `kind` says what it pays: an enrollment (or a
 * test-page one), the balance of a deposit booking (`balance`), a gift card (`gift-card`), an
 * appointment (`appointment`) or an organization's invoice (`invoice`).
 */
export const META = {
  enrollmentId: 'enrollmentId',
  kind: 'kind',
  giftCardId: 'giftCardId',
  appointmentId: 'appointmentId',
  lessonPackId: 'lessonPackId',
  invoiceId: 'invoiceId',
  /** Which instalment of a plan (1, 2, …) an intent pays. */
  installment: 'installment',
} as const;
