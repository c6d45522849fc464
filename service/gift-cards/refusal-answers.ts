import type { GiftCardRefusal } from '../../contracts/gift-cards/refusals.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** Said alike for a card that does not exist and one not paid for: a code tells nothing more. */
export const UNKNOWN_GIFT_CARD = 'We could not find a gift card with this code. Please check the code on the card.';

/** How the API words the gift cards' refusals (contracts/gift-cards/refusals.ts): their part of the one table. */
export const GIFT_CARD_REFUSAL_ANSWERS: RefusalAnswers<GiftCardRefusal> = {
  gift_card_ordered_already: { words: () => 'This gift card has been ordered already.' },
  gift_card_unknown: { field: 'giftCardCode', words: () => UNKNOWN_GIFT_CARD },
  gift_card_not_active: { words: () => UNKNOWN_GIFT_CARD },
  gift_card_paid_already: { words: () => 'This gift card is paid for already.' },
  gift_card_short: {
    field: 'giftCardCode',
    words: (r) =>
      `This gift card now holds ${formatUsd(r.balanceCents)}, less than the ${formatUsd(r.amountCents)} this order was to take from it. Please check your order again.`,
  },
};
