import { formatUsd } from '../../contracts/enrollment/money.js';
import type { PricingRefusal } from '../../contracts/pricing/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';
import { refusalSentence } from './code-rules.js';

/** How the API words the pricing ledgers' refusals (contracts/pricing/refusals.ts): their part of the one table. */
export const PRICING_REFUSAL_ANSWERS: RefusalAnswers<PricingRefusal> = {
  discount_code_exists: {
    words: (r) =>
      `A code ${r.discountCode} exists already (perhaps deactivated, whose history is kept). Please choose another code.`,
  },
  discount_code_not_found: { words: () => 'There is no such discount code.' },
  discount_code_refused: { field: 'discountCode', words: (r) => refusalSentence(r.reason) },
  family_credit_short: {
    field: 'useCredit',
    words: (r) =>
      `Your family credit is now ${formatUsd(r.balanceCents)}, less than the ${formatUsd(r.amountCents)} this order was to use. Please check your order again.`,
  },
};
