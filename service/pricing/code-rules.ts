import type { DiscountCodeRules } from '../../contracts/pricing/discount-codes.js';
import type { CodeRefusal } from '../../contracts/pricing/refusals.js';
import { formatClosingDate } from '../../contracts/catalogue/sales-window.js';
import { AppError } from '../core/errors.js';

export type { CodeRefusal } from '../../contracts/pricing/refusals.js';

/** What an order offers a code to check against. */
export interface CodeUse {
  workshopId: string;
  category: string;
  participants: number;
  at: string;
}

export const UNKNOWN_CODE = 'This code is not valid. Please check it, or leave the field empty.';

/** The refusal of a code an order cannot use, checked before any decision: a 400 naming the enroll form's field. */
export const codeIssue = (message: string) =>
  new AppError('validation', message, { issues: [{ path: 'discountCode', message }] });

/** Why a code does not apply, in the parent's words (the enroll form, and the discount code's refusal). */
export function refusalSentence(r: CodeRefusal): string {
  switch (r.code) {
    case 'unknown':
      return UNKNOWN_CODE;
    case 'not-yet':
      return `This code can be used from ${formatClosingDate(r.from)}.`;
    case 'expired':
      return `This code expired on ${formatClosingDate(r.until)}.`;
    case 'used-up':
      return 'This code has been used as many times as it allows.';
    case 'not-for-this':
      return 'This code is not for this workshop.';
    case 'too-few':
      return `This code is for ${r.min} or more participants enrolled together.`;
  }
}

/**
 * Whether a code applies to an order: on, within its dates, for this workshop or category, for
 * enough participants, and with a use left (`live`: redemptions that count now, the order's own
 * replaced one excluded). Null when it applies.
 */
export function codeRefusal(
  rules: DiscountCodeRules | null,
  active: boolean,
  use: CodeUse,
  live: number,
): CodeRefusal | null {
  if (!rules || !active) return { code: 'unknown' };
  const at = Date.parse(use.at);
  if (rules.validFrom && at < Date.parse(rules.validFrom)) return { code: 'not-yet', from: rules.validFrom };
  if (rules.validUntil && at >= Date.parse(rules.validUntil)) return { code: 'expired', until: rules.validUntil };
  if (rules.workshopIds && !rules.workshopIds.includes(use.workshopId)) return { code: 'not-for-this' };
  if (rules.categories && !rules.categories.includes(use.category)) return { code: 'not-for-this' };
  if (rules.minParticipants && use.participants < rules.minParticipants)
    return { code: 'too-few', min: rules.minParticipants };
  if (rules.maxRedemptions !== undefined && live >= rules.maxRedemptions) return { code: 'used-up' };
  return null;
}

/** The discount part of a code's rules, as the pricing rule takes it. */
export const codeDiscountOf = (rules: DiscountCodeRules) => ({
  code: rules.code,
  ...(rules.percentOff !== undefined ? { percentOff: rules.percentOff } : {}),
  ...(rules.amountOffCents !== undefined ? { amountOffCents: rules.amountOffCents } : {}),
});
