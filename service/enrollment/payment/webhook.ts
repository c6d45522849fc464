import type { EventMetadata } from '../../../contracts/core/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { PaymentProviderError, WebhookSignatureError, type PaymentIntentInfo } from '../../payments/port.js';
import type { PaymentKinds } from '../../core/payment-kinds.js';

export interface WebhookOutcome {
  received: true;
  /** Why nothing was recorded, when nothing was. */
  ignored?: string;
}

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

/**
 * The one path for provider events, used by POST /api/webhook, by the offline provider and by the
 * test-mode simulation: the signature is checked on the raw body before anything else, then the
 * event is recorded, by the kind of what it paid for (service/core/payment-kinds.ts), through deciders that absorb duplicates and late or out-of-order deliveries.
 * It records facts and nothing else: settling a paid enrollment is the checkout workflow's.
 */
export async function handleWebhook(
  deps: AppDeps,
  kinds: PaymentKinds,
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
  const paid = intent ? kinds.payable(intent) : null;
  if (!intent || !paid) return { received: true, ignored: `${event.type} is not about an enrollment` };

  try {
    if (event.type === 'payment_intent.succeeded') {
      await kinds.record(deps, paid, await withCard(deps, intent), event.id, 'webhook', metadata);
      return { received: true };
    }
    if (event.type === 'payment_intent.payment_failed' && paid.declined) {
      await paid.declined(deps, intent, event.id, metadata);
      return { received: true };
    }
  } catch (err) {
    // An event about an enrollment we never had would be retried by the provider for days: say so and stop.
    if (err instanceof AppError && err.code === 'not_found') {
      deps.log.warn('webhook for an unknown enrollment', { ...paid.named, eventId: event.id });
      return { received: true, ignored: 'unknown enrollment' };
    }
    throw err;
  }
  return { received: true, ignored: `${event.type} needs no action` };
}
