import { GIFT_CARD_REFUSAL_KINDS, type GiftCardRefusal } from '../../contracts/gift-cards/refusals.js';
import { refuser } from '../core/errors.js';

/** How the gift cards' decisions refuse: a typed code and its values (contracts/gift-cards/refusals.ts). */
export const refuse = refuser<GiftCardRefusal>(GIFT_CARD_REFUSAL_KINDS);
