import { z } from 'zod';

/**
 * The school's pricing settings, one stream `school-settings`: the sibling discount (issue 27).
 * Recorded as events so the history says who changed it when; default off.
 */
export const SCHOOL_SETTINGS_STREAM = 'school-settings';

const Instant = z.string().datetime({ offset: true });

export const SchoolSettingsChangedSchema = z.object({
  /** Whole percent off the second and later participants of one enrollment; 0 is off. */
  siblingDiscountPercent: z.number().int().min(0).max(100),
  previousSiblingDiscountPercent: z.number().int().min(0).max(100),
  changedAt: Instant,
});
export type SchoolSettingsChanged = z.infer<typeof SchoolSettingsChangedSchema>;

export const schoolSettingsEventSchemas = { SchoolSettingsChanged: SchoolSettingsChangedSchema } as const;
export type SchoolSettingsEvent = { type: 'SchoolSettingsChanged'; data: SchoolSettingsChanged };

/** PUT /api/admin/settings */
export const SchoolSettingsRequestSchema = z.object({
  siblingDiscountPercent: z
    .number({ error: 'siblingDiscountPercent is required: a whole percent from 0 (off) to 90.' })
    .int('siblingDiscountPercent must be a whole percent.')
    .min(0, 'siblingDiscountPercent cannot be negative.')
    .max(90, 'siblingDiscountPercent must be at most 90.'),
});
export type SchoolSettingsRequest = z.infer<typeof SchoolSettingsRequestSchema>;

/** GET /api/admin/settings and GET /api/pricing-settings (public: the enroll page prices with it). */
export const PricingSettingsSchema = z.object({ siblingDiscountPercent: z.number().int().min(0).max(100) });
export type PricingSettings = z.infer<typeof PricingSettingsSchema>;
export const DEFAULT_PRICING_SETTINGS: PricingSettings = { siblingDiscountPercent: 0 };
