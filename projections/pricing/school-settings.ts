import { defineProjector } from '../../platform/processor/projector.js';
import type { PricingSettings, SchoolSettingsEvent } from '../../contracts/pricing/settings.js';

export const SCHOOL_SETTINGS = 'school-settings';
export const SCHOOL_SETTINGS_DOC = 'pricing';

/** `school-settings`: the school's pricing settings as one document, read by the admin Settings and the enroll page. */
export const schoolSettingsProjector = defineProjector<SchoolSettingsEvent, PricingSettings & { changedAt: string }>({
  name: SCHOOL_SETTINGS,
  collection: SCHOOL_SETTINGS,
  eventTypes: ['SchoolSettingsChanged'],
  keys: () => [SCHOOL_SETTINGS_DOC],
  project: (_doc, e) => ({ siblingDiscountPercent: e.data.siblingDiscountPercent, changedAt: e.data.changedAt }),
});
