import { PRICING_REFUSAL_KINDS, type PricingRefusal } from '../../contracts/pricing/refusals.js';
import { refuser } from '../core/errors.js';

/** How the pricing ledgers' decisions refuse: a typed code and its values (contracts/pricing/refusals.ts). */
export const refuse = refuser<PricingRefusal>(PRICING_REFUSAL_KINDS);
