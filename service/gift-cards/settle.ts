import type { EventMetadata } from '../../contracts/core/events.js';
import { giftCardStream } from '../../contracts/gift-cards/events.js';
import type { AppDeps } from '../core/deps.js';
import type { PaymentIntentInfo } from '../payments/port.js';
import { giftCardDecider, type GiftCardState } from './gift-card-decider.js';

/**
 * The one path of a gift card's "succeeded", from the webhook or the payment page's verification:
 * recorded once (duplicates, late and out-of-order deliveries change nothing), and from then on
 * the card's balance is spendable and its e-mail due on its send date.
 */
export async function recordGiftCardPayment(
  deps: AppDeps,
  giftCardId: string,
  intent: PaymentIntentInfo,
  providerEventId: string | null,
  source: 'webhook' | 'verification',
  metadata: EventMetadata,
): Promise<{ state: GiftCardState; position: bigint | null }> {
  const recorded = await deps.commands.handle(
    giftCardDecider,
    giftCardStream(giftCardId),
    {
      type: 'RecordGiftCardPayment',
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      providerEventId,
      source,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  if (recorded.events.length > 0) deps.log.info('gift card paid', { giftCardId, source });
  return { state: recorded.state, position: recorded.position };
}
