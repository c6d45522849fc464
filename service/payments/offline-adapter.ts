import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import type { OfflineConfirmRequest, OfflineConfirmResponse } from '../../contracts/payments/api.js';
import type { Logger } from '../core/log.js';
import type { CreateIntentInput, PaymentIntentInfo, PaymentsPort, WebhookDelivery } from './port.js';
import { WebhookSignatureError } from './port.js';
import { intentInfoOf, providerEventOf, type StripeIntentJson } from './stripe-shapes.js';
import { cardOutcome } from './test-cards.js';

interface Saved {
  intents: Record<string, StripeIntentJson>;
  /** idempotency key -> PaymentIntent id */
  keys: Record<string, string>;
  refunds: Record<string, { refundId: string; amountCents: number }>;
}

export interface OfflineOptions {
  /** Signing secret for its events; random per process unless given (tests give one). */
  webhookSecret?: string;
  /** JSON file keeping PaymentIntents across restarts; memory only when absent. */
  file?: string;
  clock?: () => Date;
  log?: Logger;
}

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/**
 * A local stand-in for Stripe's test mode: PaymentIntents, Stripe's test cards, refunds, and
 * events signed with Stripe's scheme (its own secret) delivered through the same handler as
 * POST /api/webhook. No network.
 */
export class OfflinePayments implements PaymentsPort {
  readonly provider = 'offline' as const;
  readonly publishableKey = null;
  readonly hasSecretKey = false;
  readonly webhookSecret: string;
  private readonly saved: Saved;
  private deliver: WebhookDelivery | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly clock: () => Date;

  constructor(private readonly options: OfflineOptions = {}) {
    this.webhookSecret = options.webhookSecret ?? `whsec_offline_${token(16)}`;
    this.clock = options.clock ?? (() => new Date());
    this.saved = options.file && existsSync(options.file) ? (JSON.parse(readFileSync(options.file, 'utf8')) as Saved) : { intents: {}, keys: {}, refunds: {} };
  }

  async createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentInfo> {
    const existing = this.saved.keys[input.idempotencyKey];
    if (existing) return intentInfoOf(this.saved.intents[existing]!);
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
    this.saved.intents[id] = pi;
    this.saved.keys[input.idempotencyKey] = id;
    this.persist();
    return intentInfoOf(pi);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    const pi = this.saved.intents[id];
    return pi ? intentInfoOf(pi) : null;
  }

  async refund(paymentIntentId: string, idempotencyKey: string) {
    const done = this.saved.refunds[idempotencyKey];
    if (done) return done;
    const pi = this.saved.intents[paymentIntentId];
    if (!pi || pi.status !== 'succeeded') throw new Error(`Offline provider: ${paymentIntentId} has no successful charge to refund`);
    const refund = { refundId: `re_offline_${token()}`, amountCents: pi.amount };
    this.saved.refunds[idempotencyKey] = refund;
    this.persist();
    return refund;
  }

  async checkConnection(): Promise<{ ok: true }> {
    return { ok: true };
  }

  verifyEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined) {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    try {
      return providerEventOf(Stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret) as never);
    } catch (err) {
      throw new WebhookSignatureError(`The webhook signature does not match: ${err instanceof Error ? err.message : String(err)}`);
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
    const pi = this.saved.intents[id];
    if (!pi || pi.client_secret !== req.clientSecret) return null;
    const answer = () => ({ paymentIntent: { id: pi.id, status: intentInfoOf(pi).status, amount: pi.amount } });
    if (pi.status === 'succeeded') return answer();
    const outcome = cardOutcome(req.cardNumber, req.expiry, this.clock());
    if (outcome.kind === 'invalid') return { error: { type: 'card_error', code: outcome.code, message: outcome.message } };
    if (outcome.kind === 'succeeded') {
      pi.status = 'succeeded';
      pi.last_payment_error = null;
      this.persist();
      this.emit('payment_intent.succeeded', pi);
      return answer();
    }
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
    this.persist();
    this.emit('payment_intent.payment_failed', pi);
    return { error: { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message } };
  }

  /** Test mode: marks a PaymentIntent paid (as a card would) and returns the signed event, undelivered. */
  succeedForTest(id: string): { payload: string; header: string } | null {
    const pi = this.saved.intents[id];
    if (!pi) return null;
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    this.persist();
    return this.signed('payment_intent.succeeded', pi);
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

  private persist(): void {
    const file = this.options.file;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.saved));
    renameSync(tmp, file);
  }
}
