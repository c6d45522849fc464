import { defineProjector } from '../../platform/processor/projector.js';
import type { DiscountCodeEvent, DiscountCodeView } from '../../contracts/pricing/discount-codes.js';

export const DISCOUNT_CODES = 'discount-codes';

/**
 * `discount-codes`: one document per code (id = the code), as the admin lists them: the rules,
 * on or off, how many redemptions count now and every redemption with whether it was given back.
 */
export const discountCodesProjector = defineProjector<DiscountCodeEvent, DiscountCodeView>({
  name: DISCOUNT_CODES,
  collection: DISCOUNT_CODES,
  eventTypes: ['DiscountCodeCreated', 'DiscountCodeDeactivated', 'DiscountCodeRedeemed', 'DiscountRedemptionReleased'],
  keys: (e) => [e.data.code],
  project(doc, e) {
    if (e.type === 'DiscountCodeCreated') {
      const { createdAt, ...rules } = e.data;
      return { ...rules, active: true, createdAt, deactivatedAt: null, redemptions: 0, redeemed: [] };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'DiscountCodeDeactivated':
        return { ...doc, active: false, deactivatedAt: e.data.deactivatedAt };
      case 'DiscountCodeRedeemed': {
        const { enrollmentId, workshopId, discountCents, redeemedAt, replaces } = e.data;
        const redeemed = doc.redeemed.map((r) =>
          r.enrollmentId === replaces && r.releasedAt === null
            ? { ...r, releasedAt: redeemedAt, releaseReason: 'replaced' as const }
            : r,
        );
        redeemed.unshift({
          enrollmentId,
          workshopId,
          discountCents,
          redeemedAt,
          releasedAt: null,
          releaseReason: null,
        });
        return { ...doc, redeemed, redemptions: redeemed.filter((r) => r.releasedAt === null).length };
      }
      case 'DiscountRedemptionReleased': {
        const redeemed = doc.redeemed.map((r) =>
          r.enrollmentId === e.data.enrollmentId && r.releasedAt === null
            ? { ...r, releasedAt: e.data.releasedAt, releaseReason: e.data.reason }
            : r,
        );
        return { ...doc, redeemed, redemptions: redeemed.filter((r) => r.releasedAt === null).length };
      }
    }
  },
});
