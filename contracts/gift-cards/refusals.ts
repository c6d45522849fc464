import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on a gift card's stream refuses a command, as data (worded in service/gift-cards/refusal-answers.ts). */
export type GiftCardRefusal =
  | { code: 'gift_card_ordered_already' }
  /** Said alike for a card that does not exist and one not paid for, naming the order's field. */
  | { code: 'gift_card_unknown' }
  /** The same, where no form field is about it (a refund going back to a card). */
  | { code: 'gift_card_not_active' }
  | { code: 'gift_card_paid_already' }
  | { code: 'gift_card_short'; balanceCents: number; amountCents: number };

export const GIFT_CARD_REFUSAL_KINDS: RefusalKinds<GiftCardRefusal> = {
  gift_card_ordered_already: 'conflict',
  gift_card_unknown: 'not_found',
  gift_card_not_active: 'not_found',
  gift_card_paid_already: 'conflict',
  gift_card_short: 'conflict',
};
