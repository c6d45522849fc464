import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { PaymentProviderError, WebhookSignatureError, type PaymentIntentInfo } from '../../payments/port.js';
import { paidFor, recordPayment } from './record-payment.js';

export interface WebhookOutcome {
  received: true;
  /** Why nothing was recorded, when nothing was. */
  ignored?: string;
}

/**
 * The one path for provider events, used by POST /api/webhook, by the offline provider and by the
 * test-mode simulation: the signature is checked on the raw body before anything else, then the
 * event is recorded through deciders that absorb duplicates and late or out-of-order deliveries.
 * It records facts and nothing else: settling a paid enrollment is the checkout workflow's.
 */
/**
 * The intent with the card that paid: Stripe's event names the payment method by id only, so the
 * provider is asked for it expanded. Only for the receipt's words: a provider that cannot answer
 * now leaves the card out rather than hold the payment back.
 */
async function withCard(deps: AppDeps, intent: PaymentIntentInfo): Promise<PaymentIntentInfo> {
  if (intent.card) return intent;
  try {
    const card = (await deps.payments.retrievePaymentIntent(intent.id))?.card;
    return card ? { ...intent, card } : intent;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn('the card that paid could not be asked for', { paymentIntentId: intent.id, reason: err.message });
    return intent;
  }
}

export async function handleWebhook(
  deps: AppDeps,
  rawBody: string | Uint8Array,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event;
  try {
    event = deps.payments.verifyEvent(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new AppError('validation', `Webhook refused: ${err.message}`);
    throw err;
  }
  const intent = event.intent;
  const metadata: EventMetadata = {
    correlationId: event.id,
    causationId: event.id,
    actor: 'provider',
    at: deps.clock().toISOString(),
  };
  const paid = intent ? paidFor(intent) : null;
  if (!intent || !paid) return { received: true, ignored: `${event.type} is not about an enrollment` };

  try {
    if (event.type === 'payment_intent.succeeded') {
      await recordPayment(deps, paid, await withCard(deps, intent), event.id, 'webhook', metadata);
      return { received: true };
    }
    // A card declined for a gift card or a balance is the payer's to try again on the page; the
    // booking stays as it was, and the page shows the provider's words.
    if (event.type === 'payment_intent.payment_failed' && paid.kind === 'enrollment') {
      const error = intent.lastError ?? {
        code: 'card_declined',
        message: 'An error occurred during payment processing',
      };
      await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(paid.enrollmentId),
        {
          type: 'RecordPaymentFailure',
          paymentIntentId: intent.id,
          providerEventId: event.id,
          code: error.code,
          reason: error.message,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      return { received: true };
    }
  } catch (err) {
    // An event about an enrollment we never had would be retried by the provider for days: say so and stop.
    if (err instanceof AppError && err.code === 'not_found') {
      deps.log.warn('webhook for an unknown enrollment', { ...paid, eventId: event.id });
      return { received: true, ignored: 'unknown enrollment' };
    }
    throw err;
  }
  return { received: true, ignored: `${event.type} needs no action` };
}
