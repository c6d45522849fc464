import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { recordPaymentSuccess } from './settle-payment.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { META, WebhookSignatureError } from '../../payments/port.js';
import { recordGiftCardPayment } from '../../gift-cards/settle.js';
import { recordBalanceSuccess } from './balance-payment.js';

export interface WebhookOutcome {
  received: true;
  /** Why nothing was recorded, when nothing was. */
  ignored?: string;
}

/**
 * The one path for provider events, used by POST /api/webhook, by the offline provider and by the
 * test-mode simulation: the signature is checked on the raw body before anything else, then the
 * event is recorded through deciders that absorb duplicates and late or out-of-order deliveries.
 */
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
  const kind = intent?.metadata[META.kind];
  const giftCardId = intent?.metadata[META.giftCardId];
  if (intent && kind === 'gift-card' && giftCardId) {
    // A card declined for a gift card is the buyer's to try again on the page; only money is recorded.
    if (event.type !== 'payment_intent.succeeded') return { received: true, ignored: `${event.type} needs no action` };
    await recordGiftCardPayment(deps, giftCardId, intent, event.id, 'webhook', metadata);
    return { received: true };
  }
  const enrollmentId = intent?.metadata[META.enrollmentId];
  if (!intent || !enrollmentId) return { received: true, ignored: `${event.type} is not about an enrollment` };

  try {
    if (event.type === 'payment_intent.succeeded') {
      if (kind === 'balance') await recordBalanceSuccess(deps, enrollmentId, intent, event.id, 'webhook', metadata);
      else await recordPaymentSuccess(deps, enrollmentId, intent, event.id, 'webhook', metadata);
      return { received: true };
    }
    // A declined balance leaves the booking as it was: the booking page shows the provider's words.
    if (event.type === 'payment_intent.payment_failed' && kind === 'balance')
      return { received: true, ignored: 'a declined balance payment changes nothing' };
    if (event.type === 'payment_intent.payment_failed') {
      const error = intent.lastError ?? {
        code: 'card_declined',
        message: 'An error occurred during payment processing',
      };
      await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
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
      deps.log.warn('webhook for an unknown enrollment', { enrollmentId, eventId: event.id });
      return { received: true, ignored: 'unknown enrollment' };
    }
    throw err;
  }
  return { received: true, ignored: `${event.type} needs no action` };
}
