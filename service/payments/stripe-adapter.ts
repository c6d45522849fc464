import Stripe from 'stripe';
import type { ChargeSavedCardInput, CreateIntentInput, PaymentIntentInfo, PaymentsPort, SavedCard } from './port.js';
import { PaymentProviderError, RefundRefusedError, WebhookSignatureError } from './port.js';
import { intentInfoOf, providerEventOf, type StripeIntentJson } from './stripe-shapes.js';

export interface StripeAdapterOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a local stub; default Stripe's API. */
  apiBase?: string;
}

/** The Stripe adapter: PaymentIntents through the official SDK; webhooks checked with its signature scheme. */
export class StripePayments implements PaymentsPort {
  readonly provider = 'stripe' as const;
  readonly publishableKey: string | null;
  readonly hasSecretKey = true;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeAdapterOptions) {
    this.publishableKey = options.publishableKey;
    const base = options.apiBase ? new URL(options.apiBase) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentInfo> {
    // A card to keep: paid for a customer of its own, and saved for charges with the parent away.
    const save = input.saveCard;
    const customer = save
      ? await this.call(() =>
          this.stripe.customers.create(
            { ...(save.email ? { email: save.email } : {}), metadata: input.metadata },
            { idempotencyKey: save.customerIdempotencyKey },
          ),
        )
      : null;
    const pi = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return intentInfoOf(pi as unknown as StripeIntentJson);
  }

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntentInfo> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          description: input.description,
          metadata: input.metadata,
          customer: input.card.customerId,
          payment_method: input.card.paymentMethodId,
          off_session: true,
          confirm: true,
          // The card that paid, for the instalment's receipt (record 152).
          expand: ['payment_method'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return intentInfoOf(pi as unknown as StripeIntentJson);
    } catch (err) {
      // A decline is an answer: Stripe sends the intent it made with the card's error.
      if (err instanceof Stripe.errors.StripeCardError && err.payment_intent)
        return intentInfoOf(err.payment_intent as unknown as StripeIntentJson);
      throw new PaymentProviderError(`Stripe could not charge the saved card: ${messageOf(err)}`, { cause: err });
    }
  }

  async detachCard(card: SavedCard): Promise<boolean> {
    try {
      await this.stripe.paymentMethods.detach(card.paymentMethodId);
      return true;
    } catch (err) {
      // Detached already (or never attached): nothing is kept.
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError &&
        err.statusCode !== undefined &&
        err.statusCode < 500
      )
        return true;
      throw new PaymentProviderError(`Stripe could not forget the saved card: ${messageOf(err)}`, { cause: err });
    }
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    try {
      // Expanded, the payment method names the card that paid (brand, last four digits) for the receipts.
      const pi = await this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] });
      return intentInfoOf(pi as unknown as StripeIntentJson);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw new PaymentProviderError(`Stripe could not be asked about the payment: ${messageOf(err)}`, { cause: err });
    }
  }

  async refund(paymentIntentId: string, idempotencyKey: string, amountCents?: number) {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntentId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
        { idempotencyKey },
      );
    } catch (err) {
      if (isRefusal(err)) throw new RefundRefusedError(err.code ?? err.type, err.message, { cause: err });
      throw new PaymentProviderError(`Stripe could not be asked for the refund: ${messageOf(err)}`, { cause: err });
    }
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new RefundRefusedError(
        refund.failure_reason ?? 'refund_failed',
        `Stripe did not make the refund (${refund.status}).`,
      );
    return { refundId: refund.id, amountCents: refund.amount };
  }

  async cancelPaymentIntent(id: string): Promise<boolean> {
    try {
      const pi = await this.stripe.paymentIntents.cancel(id);
      return pi.status === 'canceled';
    } catch (err) {
      // Stripe refuses to cancel an intent that succeeded (or is being processed): its money comes.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
        const pi = await this.retrievePaymentIntent(id);
        return pi?.status === 'canceled';
      }
      throw new PaymentProviderError(`Stripe could not be asked to cancel the payment: ${messageOf(err)}`, {
        cause: err,
      });
    }
  }

  async checkConnection(): Promise<{ ok: true } | { ok: false; error: string }> {
    try {
      await this.stripe.balance.retrieve();
      return { ok: true };
    } catch (err) {
      return { ok: false, error: messageOf(err) };
    }
  }

  verifyEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined) {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    try {
      return providerEventOf(
        this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.options.webhookSecret) as never,
      );
    } catch (err) {
      throw new WebhookSignatureError(`The webhook signature does not match: ${messageOf(err)}`);
    }
  }

  signForTest(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.webhookSecret });
  }

  attachDelivery(): void {
    // Stripe delivers to POST /api/webhook itself.
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw new PaymentProviderError(`Stripe refused the request: ${messageOf(err)}`, { cause: err });
    }
  }
}

/**
 * Stripe answered and said no (400 invalid request, 402 card error, 404 no such charge): the same
 * request would be refused again. A 409 (the same key still in flight), 429 and 5xx are passing.
 */
function isRefusal(err: unknown): err is Stripe.errors.StripeError {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  return err.statusCode === 400 || err.statusCode === 402 || err.statusCode === 404;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
