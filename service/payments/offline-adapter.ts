import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { OfflineConfirmRequest, OfflineConfirmResponse } from '../../contracts/payments/api.js';
import type { Logger } from '../../platform/log.js';
import type {
  ChargeSavedCardInput,
  CreateIntentInput,
  PaymentIntentInfo,
  PaymentsPort,
  SavedCard,
  WebhookDelivery,
} from './port.js';
import { RefundRefusedError, WebhookSignatureError } from './port.js';
import { intentInfoOf, providerEventOf, type StripeIntentJson } from './stripe-shapes.js';
import { cardOutcome, SAVES_THEN_DECLINES_CARD, SUCCEEDING_TEST_CARD, testCardOf } from './test-cards.js';
import { OfflineStore } from './offline-store.js';
import { customerIdOf, offSessionIntent } from './offline-off-session.js';

export interface OfflineOptions {
  /** Signing secret for its events; random per process unless given (tests give one). */
  webhookSecret?: string;
  /** SQLite file keeping PaymentIntents, idempotency keys and refunds across restarts; memory only when absent. */
  file?: string;
  /** The JSON file earlier versions kept; imported once into `file`, then renamed. */
  legacyJsonFile?: string;
  clock?: () => Date;
  log?: Logger;
}

/** What the test pages' simulated payment gets: a signed succeeded event, or why there is none. */
export type TestPaymentOutcome =
  | { kind: 'unknown' }
  | { kind: 'not_succeeded'; status: string; message: string }
  | { kind: 'signed'; payload: string; header: string };

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/**
 * A local stand-in for Stripe's test mode: PaymentIntents, Stripe's test cards, refunds, and
 * events signed with Stripe's scheme (its own secret) delivered through the same handler as
 * POST /api/webhook. No network. Its state lives in SQLite (see OfflineStore).
 */
export class OfflinePayments implements PaymentsPort {
  readonly provider = 'offline' as const;
  readonly publishableKey = null;
  readonly hasSecretKey = false;
  readonly webhookSecret: string;
  private readonly store: OfflineStore;
  private deliver: WebhookDelivery | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly clock: () => Date;

  constructor(private readonly options: OfflineOptions = {}) {
    this.webhookSecret = options.webhookSecret ?? `whsec_offline_${token(16)}`;
    this.clock = options.clock ?? (() => new Date());
    this.store = new OfflineStore(options.file ?? ':memory:');
    if (options.legacyJsonFile) {
      const imported = this.store.importLegacyJson(options.legacyJsonFile);
      if (imported > 0)
        options.log?.info('offline payments imported from the JSON file of an earlier version', { intents: imported });
    }
  }

  async createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentInfo> {
    const id = `pi_offline_${token()}`;
    const pi: StripeIntentJson = {
      id,
      object: 'payment_intent',
      amount: input.amountCents,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token()}`,
      metadata: input.metadata,
      last_payment_error: null,
    };
    // The same idempotency key gives the intent made first, as Stripe does.
    const stored = this.store.insertIntent(input.idempotencyKey, pi);
    if (input.saveCard && stored.id === id)
      this.store.setIntentCard(id, customerIdOf(input.saveCard.customerIdempotencyKey), null, true);
    return intentInfoOf(this.store.intent(stored.id)!);
  }

  /** As Stripe off-session: the saved card charged at once; 4000 0000 0000 0341's charges are declined. */
  async chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntentInfo> {
    const done = this.store.intentByKey(input.idempotencyKey);
    if (done) return intentInfoOf(done);
    const id = `pi_offline_${token()}`;
    const pi = offSessionIntent(id, `${id}_secret_${token()}`, input, this.store.savedCard(input.card.paymentMethodId));
    const declined = pi.status !== 'succeeded';
    const stored = this.store.insertIntent(input.idempotencyKey, pi);
    if (stored.id !== id) return intentInfoOf(this.store.intent(stored.id)!);
    this.store.setIntentCard(id, input.card.customerId, input.card.paymentMethodId, false);
    // Answered as Stripe's expanded payment method: the saved card by its brand and last four (record 152).
    const saved = declined ? null : this.store.savedCardPaid(input.card.paymentMethodId);
    if (saved) this.store.setPaidCard(id, saved);
    const charged = this.store.intent(id)!;
    this.emit(declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', charged);
    return intentInfoOf(charged);
  }

  async detachCard(card: SavedCard): Promise<boolean> {
    this.store.detachCard(card.paymentMethodId);
    return true;
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    const pi = this.store.intent(id);
    return pi ? intentInfoOf(pi) : null;
  }

  /** As Stripe: the same key answers the refund made first; more than is left on the charge is refused. */
  async refund(paymentIntentId: string, idempotencyKey: string, amountCents?: number) {
    const done = this.store.refund(idempotencyKey);
    if (done) return done;
    const pi = this.store.intent(paymentIntentId);
    if (!pi || pi.status !== 'succeeded')
      throw new RefundRefusedError('charge_not_found', `${paymentIntentId} has no successful charge to refund.`);
    const left = pi.amount - this.store.refundedCents(paymentIntentId);
    const amount = amountCents ?? left;
    if (left <= 0) throw new RefundRefusedError('charge_already_refunded', 'The charge has already been refunded.');
    if (amount <= 0 || amount > left)
      throw new RefundRefusedError(
        'amount_too_large',
        `Refund amount (${amount} cents) is greater than the ${left} cents left on the charge.`,
      );
    return this.store.insertRefund(idempotencyKey, paymentIntentId, {
      refundId: `re_offline_${token()}`,
      amountCents: amount,
    });
  }

  /** As Stripe: an intent not paid is cancelled for good; a paid one cannot be. */
  async cancelPaymentIntent(id: string): Promise<boolean> {
    const pi = this.store.intent(id);
    if (!pi) return true;
    if (pi.status === 'succeeded') return false;
    if (pi.status !== 'canceled') this.store.updateIntent({ ...pi, status: 'canceled' });
    return true;
  }

  async checkConnection(): Promise<{ ok: true }> {
    return { ok: true };
  }

  verifyEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined) {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    try {
      return providerEventOf(Stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret) as never);
    } catch (err) {
      throw new WebhookSignatureError(
        `The webhook signature does not match: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  signForTest(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  attachDelivery(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  /** The test-card form's "Pay": Stripe's confirmPayment, answered the way Stripe.js answers it. */
  confirmWithTestCard(req: OfflineConfirmRequest): OfflineConfirmResponse | null {
    const id = req.clientSecret.split('_secret_')[0] ?? '';
    const pi = this.store.intent(id);
    if (!pi || pi.client_secret !== req.clientSecret) return null;
    const paid = this.charge(pi, req.cardNumber, req.expiry);
    if ('error' in paid) return { error: paid.error };
    if (paid.changed) this.emit('payment_intent.succeeded', paid.pi);
    return { paymentIntent: { id: paid.pi.id, status: intentInfoOf(paid.pi).status, amount: paid.pi.amount } };
  }

  /**
   * The enrollment test page's simulated "payment succeeded" (test pages only). The rule: an
   * event saying "succeeded" is signed only for an intent this provider holds as succeeded. An
   * intent not paid yet is first really paid, as the test card 4242 4242 4242 4242 pays it
   * through the checkout's form; the event is then signed from the intent as stored, and returned
   * undelivered for the caller to hand to the webhook handler.
   */
  payForTest(id: string): TestPaymentOutcome {
    const found = this.store.intent(id);
    if (!found) return { kind: 'unknown' };
    const paid =
      found.status === 'succeeded' ? { pi: found } : this.charge(found, SUCCEEDING_TEST_CARD, this.unexpiredExpiry());
    const pi = this.store.intent(id);
    if (!pi || pi.status !== 'succeeded') {
      const message =
        'error' in paid ? paid.error.message : `The payment is ${pi?.status ?? 'unknown'}, not succeeded.`;
      return { kind: 'not_succeeded', status: pi?.status ?? 'unknown', message };
    }
    return { kind: 'signed', ...this.signed('payment_intent.succeeded', pi) };
  }

  /** Closes the SQLite store. */
  close(): void {
    this.store.close();
  }

  /** Resolves once every event emitted so far has been delivered (or given up on). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private signed(type: string, pi: StripeIntentJson) {
    const payload = JSON.stringify({
      id: `evt_offline_${token()}`,
      object: 'event',
      api_version: '2025-offline',
      created: Math.floor(this.clock().getTime() / 1000),
      livemode: false,
      type,
      data: { object: structuredClone(pi) },
    });
    return { payload, header: this.signForTest(payload) };
  }

  /** Like Stripe: the event leaves after the confirmation answer, and is retried if refused. */
  private emit(type: string, pi: StripeIntentJson): void {
    const { payload, header } = this.signed(type, pi);
    const run = (async () => {
      await new Promise((r) => setImmediate(r));
      for (let attempt = 1; this.deliver && attempt <= 4; attempt++) {
        try {
          await this.deliver(payload, header);
          return;
        } catch (err) {
          this.options.log?.warn('offline webhook delivery failed', { type, attempt, err });
          await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
        }
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /**
   * A card tried on an intent, as Stripe treats it: an intent already paid stays paid; an invalid
   * card is refused before any charge (nothing stored); otherwise the outcome is stored.
   */
  private charge(
    pi: StripeIntentJson,
    cardNumber: string,
    expiry: string,
  ): { pi: StripeIntentJson; changed: boolean } | { error: NonNullable<OfflineConfirmResponse['error']> } {
    if (pi.status === 'succeeded') return { pi, changed: false };
    // As Stripe answers a confirmation of a cancelled intent: nothing is charged.
    if (pi.status === 'canceled')
      return {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This payment form is no longer valid: the amount owed changed. Please reload the booking page.',
        },
      };
    const saving = pi.setup_future_usage === 'off_session';
    const outcome = cardOutcome(cardNumber, expiry, this.clock(), saving);
    if (outcome.kind === 'invalid')
      return { error: { type: 'card_error', code: outcome.code, message: outcome.message } };
    if (outcome.kind === 'succeeded') {
      this.store.updateIntent({ ...pi, status: 'succeeded', last_payment_error: null });
      this.store.setPaidCard(pi.id, testCardOf(cardNumber));
      if (!saving) return { pi: this.store.intent(pi.id)!, changed: true };
      // Paid and saved for the customer, as Stripe attaches the payment method (issue 43).
      const paymentMethod = `pm_offline_${token()}`;
      const customer = typeof pi.customer === 'string' ? pi.customer : `cus_offline_${token()}`;
      this.store.saveCard(paymentMethod, customer, cardNumber.replace(/\D/g, '') === SAVES_THEN_DECLINES_CARD);
      this.store.setIntentCard(pi.id, customer, paymentMethod, true);
      return { pi: this.store.intent(pi.id)!, changed: true };
    }
    const next = {
      ...pi,
      status: 'requires_payment_method',
      last_payment_error: { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message },
    };
    this.store.updateIntent(next);
    this.emit('payment_intent.payment_failed', next);
    return {
      error: { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message },
    };
  }

  /** An expiry date a year ahead of the provider's clock, for the simulated test card. */
  private unexpiredExpiry(): string {
    const next = this.clock();
    return `12/${String((next.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
  }
}
