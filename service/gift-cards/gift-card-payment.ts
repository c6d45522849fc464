import { giftCardStream } from '../../contracts/gift-cards/events.js';
import { META } from '../payments/port.js';
import { byIdIn, positionAfter } from '../core/payment-kinds.js';
import { giftCardDecider } from './gift-card-decider.js';

/** A gift card bought by card: its money on the card's stream; the card's e-mail is its reactor's. */
export const giftCardPayment = byIdIn('gift-card', META.giftCardId, (giftCardId) => ({
  named: { kind: 'gift-card', giftCardId },
  enrollmentId: null,
  record: async (deps, money, intent, metadata) =>
    (
      await deps.commands.handle(
        giftCardDecider,
        giftCardStream(giftCardId),
        { type: 'RecordGiftCardPayment', ...money, ...(intent.card ? { card: intent.card } : {}) },
        metadata,
      )
    ).position,
  verified: async (deps, recorded, base) => ({
    ...base,
    status: 'succeeded',
    giftCardId,
    position: await positionAfter(deps, recorded),
  }),
}));
