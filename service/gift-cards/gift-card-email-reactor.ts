import { giftCardIdOf, type GiftCardEvent } from '../../contracts/gift-cards/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { sendGiftCardEmail } from './gift-card-email.js';

export const GIFT_CARD_EMAIL_REACTOR = 'gift-card-email';

/**
 * The recipient's e-mail as soon as a card is paid, when its send date has come (today, most of
 * the time). A card for a later day is left to the timer (gift-card-email-timer.ts). Exactly once:
 * the card's stream records the send, and a redelivery finds it recorded.
 */
export function giftCardEmailReactor(deps: AppDeps) {
  return defineReactor<Extract<GiftCardEvent, { type: 'GiftCardPaid' }>>({
    name: GIFT_CARD_EMAIL_REACTOR,
    eventTypes: ['GiftCardPaid'],
    async handle(event, { metadata }) {
      await sendGiftCardEmail(deps, giftCardIdOf(event), metadata);
    },
  });
}
