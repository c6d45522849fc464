import type { RefusalKinds } from '../core/refusals.js';

/** Why a code does not apply to an order, as a parent reads it; `unknown` says the same whatever was typed. */
export type CodeRefusal =
  | { code: 'unknown' }
  | { code: 'not-yet'; from: string }
  | { code: 'expired'; until: string }
  | { code: 'used-up' }
  | { code: 'not-for-this' }
  | { code: 'too-few'; min: number };

/**
 * Why a decision on the pricing ledgers refuses a command (a discount code's stream, a family's
 * credit), as data. Worded in service/pricing/refusal-answers.ts.
 */
export type PricingRefusal =
  | { code: 'discount_code_exists'; discountCode: string }
  | { code: 'discount_code_not_found' }
  /** The order's code does not apply (any more): why, as the enroll form's field says it. */
  | { code: 'discount_code_refused'; reason: CodeRefusal }
  | { code: 'family_credit_short'; balanceCents: number; amountCents: number };

export const PRICING_REFUSAL_KINDS: RefusalKinds<PricingRefusal> = {
  discount_code_exists: 'conflict',
  discount_code_not_found: 'not_found',
  discount_code_refused: 'validation',
  family_credit_short: 'conflict',
};
