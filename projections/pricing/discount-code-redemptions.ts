import { defineProjector } from '../../platform/processor/projector.js';
import type { DiscountCodeEvent, DiscountCodeView } from '../../contracts/pricing/discount-codes.js';

export const DISCOUNT_CODE_REDEMPTIONS = 'discount-code-redemptions';

/** One redemption of one code (id `<CODE>:<enrollmentId>`), live or given back. */
export type DiscountCodeRedemptionDoc = DiscountCodeView['redeemed'][number] & { code: string };

export const redemptionId = (code: string, enrollmentId: string) => `${code}:${enrollmentId}`;

/**
 * `discount-code-redemptions`: every redemption as its own document, so that a popular code's
 * 2,500th use writes one small document, not the whole list again (the admin list joins them to
 * their code, newest first).
 */
export const discountCodeRedemptionsProjector = defineProjector<
  Extract<DiscountCodeEvent, { type: 'DiscountCodeRedeemed' | 'DiscountRedemptionReleased' }>,
  DiscountCodeRedemptionDoc
>({
  name: DISCOUNT_CODE_REDEMPTIONS,
  collection: DISCOUNT_CODE_REDEMPTIONS,
  indexes: [[{ field: 'code' }, { field: 'redeemedAt', direction: 'desc' }]],
  eventTypes: ['DiscountCodeRedeemed', 'DiscountRedemptionReleased'],
  keys: (e) =>
    e.type === 'DiscountCodeRedeemed' && e.data.replaces
      ? [redemptionId(e.data.code, e.data.enrollmentId), redemptionId(e.data.code, e.data.replaces)]
      : [redemptionId(e.data.code, e.data.enrollmentId)],
  project(doc, e, id) {
    if (e.type === 'DiscountCodeRedeemed') {
      const { code, enrollmentId, workshopId, discountCents, redeemedAt } = e.data;
      if (id === redemptionId(code, enrollmentId))
        return { code, enrollmentId, workshopId, discountCents, redeemedAt, releasedAt: null, releaseReason: null };
      // The same parent's earlier order, whose use this one took over.
      return doc && doc.releasedAt === null ? { ...doc, releasedAt: redeemedAt, releaseReason: 'replaced' } : undefined;
    }
    return doc && doc.releasedAt === null
      ? { ...doc, releasedAt: e.data.releasedAt, releaseReason: e.data.reason }
      : undefined;
  },
});
