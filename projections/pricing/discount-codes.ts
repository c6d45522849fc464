import { defineProjector } from '../../platform/processor/projector.js';
import type { DiscountCodeEvent, DiscountCodeView } from '../../contracts/pricing/discount-codes.js';

export const DISCOUNT_CODES = 'discount-codes';

/** A code as stored: its rules, on or off, and how many redemptions count now (each one is in `discount-code-redemptions`). */
export type DiscountCodeDoc = Omit<DiscountCodeView, 'redeemed'>;

/**
 * `discount-codes`: one document per code (id = the code), as the admin lists them: the rules,
 * on or off, and how many redemptions count now. The decider takes a use only when it counts and
 * gives back only one that counts, so the count moves by one per event.
 */
export const discountCodesProjector = defineProjector<DiscountCodeEvent, DiscountCodeDoc>({
  name: DISCOUNT_CODES,
  collection: DISCOUNT_CODES,
  eventTypes: ['DiscountCodeCreated', 'DiscountCodeDeactivated', 'DiscountCodeRedeemed', 'DiscountRedemptionReleased'],
  keys: (e) => [e.data.code],
  project(doc, e) {
    if (e.type === 'DiscountCodeCreated') {
      const { createdAt, ...rules } = e.data;
      return { ...rules, active: true, createdAt, deactivatedAt: null, redemptions: 0 };
    }
    if (!doc) return undefined;
    // Documents written before the redemptions had their own collection carried the list here.
    const { redeemed: _list, ...code } = doc as DiscountCodeDoc & { redeemed?: unknown };
    switch (e.type) {
      case 'DiscountCodeDeactivated':
        return { ...code, active: false, deactivatedAt: e.data.deactivatedAt };
      case 'DiscountCodeRedeemed':
        return { ...code, redemptions: code.redemptions + (e.data.replaces ? 0 : 1) };
      case 'DiscountRedemptionReleased':
        return { ...code, redemptions: Math.max(0, code.redemptions - 1) };
    }
  },
});
