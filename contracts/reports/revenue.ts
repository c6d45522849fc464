import { z } from 'zod';
import { isCalendarDay } from './days.js';

const Day = z
  .string({ error: 'is required, as YYYY-MM-DD' })
  .refine(isCalendarDay, 'must be a calendar day, YYYY-MM-DD');

/** A range of school days, both included; at most about three years, so a report stays quick. */
export const DayRangeSchema = z
  .object({ from: Day, to: Day })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'must be on or after from' })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 1_100 * 86_400_000, {
    path: ['to'],
    message: 'must be at most three years after from',
  });

export const REVENUE_GROUPINGS = ['month', 'program', 'location', 'source'] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];

/**
 * `?locationId=`: only what was bought of the classes held at that location (issue 41's ids; a
 * class without one, or a program, is at none).
 */
export const LocationFilterSchema = z.object({
  locationId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a location id')
    .optional(),
});

/**
 * GET /api/admin/reports/revenue?from&to&by[&locationId]. `location` groups by the place written
 * on what was bought (older workshops have no location id).
 */
export const RevenueQuerySchema = z.intersection(
  DayRangeSchema,
  z.object({
    by: z.enum(REVENUE_GROUPINGS, { error: 'must be one of month, program, location, source' }).default('month'),
    ...LocationFilterSchema.shape,
  }),
);
export type RevenueQuery = z.infer<typeof RevenueQuerySchema>;

const Cents = z.number().int();
export const RevenueFiguresSchema = z.object({
  /** Money taken at payment: card, gift card drawn, family credit, invoice payments. */
  bookedCents: Cents,
  refundedCents: Cents,
  /** booked - refunded: over all time, the dashboard's revenue card. */
  netCents: Cents,
  /** Earned as sessions are held (decision 055). */
  recognizedCents: Cents,
});
export type RevenueFigures = z.infer<typeof RevenueFiguresSchema>;

export const RevenueRowSchema = RevenueFiguresSchema.extend({ key: z.string(), label: z.string() });
export type RevenueRow = z.infer<typeof RevenueRowSchema>;

export const RevenueReportSchema = z.object({
  rows: z.array(RevenueRowSchema),
  totals: RevenueFiguresSchema,
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;
