import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '../../contracts/pricing/settings.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { SCHOOL_SETTINGS, SCHOOL_SETTINGS_DOC } from '../../projections/pricing/school-settings.js';
import type { HotRead } from '../core/hot-reads.js';

/** The school's pricing settings as the read model has them (default: no sibling discount). */
export async function pricingSettings(deps: { readStore: ReadStore }): Promise<PricingSettings> {
  const doc = await deps.readStore.get<PricingSettings>(SCHOOL_SETTINGS, SCHOOL_SETTINGS_DOC);
  return { siblingDiscountPercent: doc?.doc.siblingDiscountPercent ?? DEFAULT_PRICING_SETTINGS.siblingDiscountPercent };
}

/** GET /api/pricing-settings, and the enroll page's read: kept in memory per projection position like the catalogue. */
export const pricingSettingsRead = (store: ReadStore): HotRead<PricingSettings> => ({
  key: 'pricing-settings',
  projections: [SCHOOL_SETTINGS],
  load: () => pricingSettings({ readStore: store }),
});
