import { z } from 'zod';

/** A time of day on the school's clock, "09:00" (24 hours). */
export const WallTimeSchema = z
  .string({ error: 'must be a time of day, e.g. 09:00.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, e.g. 09:00.');

/** A day on the school's calendar, "2025-06-07". */
export const SchoolDateSchema = z
  .string({ error: 'must be a date, e.g. 2025-06-07.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, e.g. 2025-06-07.')
  .refine((v) => {
    // Said once: a value that is no date at all has its issue already.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return true;
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'must be a real date, e.g. 2025-06-07.');

/** 1 is Monday, 7 Sunday (ISO 8601), as the week grid reads. */
export const WeekdaySchema = z
  .number({ error: 'weekday must be a number from 1 (Monday) to 7 (Sunday).' })
  .int('weekday must be a whole number from 1 (Monday) to 7 (Sunday).')
  .min(1, 'weekday must be from 1 (Monday) to 7 (Sunday).')
  .max(7, 'weekday must be from 1 (Monday) to 7 (Sunday).');

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Hours an instructor teaches every such weekday, on the school's clock (America/Chicago). */
export const WeeklyHoursSchema = z.object({ weekday: WeekdaySchema, from: WallTimeSchema, to: WallTimeSchema });
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/**
 * One day that differs from the week: `available: false` without hours is a blackout day, with
 * hours a time off that day; `available: true` with hours adds them to the day (an extra Sunday).
 */
export const AvailabilityExceptionSchema = z.object({
  date: SchoolDateSchema,
  from: WallTimeSchema.optional(),
  to: WallTimeSchema.optional(),
  available: z.boolean({ error: 'available must be true or false.' }),
});
export type AvailabilityException = z.infer<typeof AvailabilityExceptionSchema>;

export const AvailabilitySchema = z.object({
  weekly: z.array(WeeklyHoursSchema).max(70),
  exceptions: z.array(AvailabilityExceptionSchema).max(400),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const NO_AVAILABILITY: Availability = { weekly: [], exceptions: [] };

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from < b.to && b.from < a.to;

/**
 * PUT /api/admin/instructors/:id/availability: every problem names its row ("weekly.2.to"): each
 * range ends after it starts, one weekday's ranges do not overlap, an exception's hours come as a
 * pair (and are required to add hours), one exception per day and kind of hours.
 */
export const AvailabilityInputSchema = AvailabilitySchema.superRefine((value, ctx) => {
  value.weekly.forEach((row, i) => {
    if (row.to <= row.from) ctx.addIssue({ code: 'custom', path: ['weekly', i, 'to'], message: 'must be after from.' });
    const earlier = value.weekly.findIndex(
      (other, j) => j < i && other.weekday === row.weekday && overlaps(other, row),
    );
    if (earlier >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['weekly', i, 'from'],
        message: `overlaps the hours of row ${earlier + 1} on ${WEEKDAY_NAMES[row.weekday - 1]}.`,
      });
  });
  value.exceptions.forEach((row, i) => {
    if ((row.from === undefined) !== (row.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['exceptions', i, row.from === undefined ? 'from' : 'to'],
        message: 'give both from and to, or neither for the whole day.',
      });
    else if (row.from !== undefined && row.to !== undefined && row.to <= row.from)
      ctx.addIssue({ code: 'custom', path: ['exceptions', i, 'to'], message: 'must be after from.' });
    if (row.available && row.from === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['exceptions', i, 'from'],
        message: 'say which hours are added that day (from and to).',
      });
  });
});
