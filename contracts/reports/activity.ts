import { z } from 'zod';
import { DayRangeSchema, LocationFilterSchema } from './revenue.js';
import { PayRateSchema } from '../instructors/instructor.js';

/** `format=csv` on a report's route answers its table as CSV (`json`, the default, as JSON). */
export const ReportFormatSchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});

/** GET /api/admin/reports/funnel|instructors?from&to[&format=csv]. */
export const ReportRangeQuerySchema = z.intersection(DayRangeSchema, ReportFormatSchema);
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

/** GET /api/admin/reports/funnel?from&to[&format=csv&locationId]: the holds started at one location's classes. */
export const FunnelQuerySchema = z.intersection(ReportRangeQuerySchema, LocationFilterSchema);
export type FunnelQuery = z.infer<typeof FunnelQuerySchema>;

/** GET /api/admin/reports/attendance?from&to[&format=csv&table=courses|programs|retention]: which table the CSV holds. */
export const AttendanceQuerySchema = z.intersection(
  ReportRangeQuerySchema,
  z.object({
    table: z
      .enum(['courses', 'programs', 'retention'], { error: 'must be courses, programs or retention' })
      .default('courses'),
  }),
);
export type AttendanceQuery = z.infer<typeof AttendanceQuerySchema>;

const Count = z.number().int().nonnegative();
/** A share from 0 to 1 (four decimals), or null when there is nothing to divide by. */
const Rate = z.number().min(0).max(1).nullable();

/** The funnel's stages, in order: bookings started in the range and what became of them. */
export const FUNNEL_STAGES = ['started', 'paid', 'attended', 'lapsed', 'cancelled'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_LABELS: Record<FunnelStage, string> = {
  started: 'Holds started',
  paid: 'Paid',
  attended: 'Attended',
  lapsed: 'Holds lapsed',
  cancelled: 'Cancelled',
};
export const FunnelFiguresSchema = z.object({
  started: Count,
  paid: Count,
  attended: Count,
  lapsed: Count,
  cancelled: Count,
});
export type FunnelFigures = z.infer<typeof FunnelFiguresSchema>;
/** GET /api/admin/reports/funnel: by program (`none`: bookings of no program). */
export const FunnelReportSchema = z.object({
  rows: z.array(FunnelFiguresSchema.extend({ key: z.string(), label: z.string() })),
  totals: FunnelFiguresSchema,
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

export const AttendanceFiguresSchema = z.object({
  /** Participants marked present, session by session (make-ups included). */
  present: Count,
  absent: Count,
  /** present / (present + absent). */
  attendanceRate: Rate,
  /** Participants marked present at a make-up session. */
  makeupsUsed: Count,
});
export type AttendanceFigures = z.infer<typeof AttendanceFiguresSchema>;

/** One term's families of a program, and how many of them booked again in the next term. */
export const RetentionRowSchema = z.object({
  term: z.string(),
  termLabel: z.string(),
  key: z.string(),
  label: z.string(),
  families: Count,
  returned: Count,
  retentionRate: Rate,
});
export type RetentionRow = z.infer<typeof RetentionRowSchema>;

/** GET /api/admin/reports/attendance: per course and per program, and the retention cohorts. */
export const AttendanceReportSchema = z.object({
  rows: z.array(
    AttendanceFiguresSchema.extend({
      key: z.string(),
      label: z.string(),
      programKey: z.string(),
      programLabel: z.string(),
    }),
  ),
  programs: z.array(AttendanceFiguresSchema.extend({ key: z.string(), label: z.string() })),
  totals: AttendanceFiguresSchema,
  retention: z.array(RetentionRowSchema),
});
export type AttendanceReport = z.infer<typeof AttendanceReportSchema>;

/** GET /api/admin/reports/instructors: per instructor, the class sessions held in the range. */
export const InstructorsReportSchema = z.object({
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      /** Class sessions of their workshops held in the range (up to today). */
      sessions: Count,
      /** Their length, in hours (two decimals). */
      hours: z.number().nonnegative(),
      present: Count,
      absent: Count,
      attendanceRate: Rate,
      payRate: PayRateSchema.nullable(),
      /** sessions × the rate, or hours × the rate to the cent; null with no rate set. */
      payCents: z.number().int().nonnegative().nullable(),
    }),
  ),
  totals: z.object({ sessions: Count, hours: z.number().nonnegative(), payCents: z.number().int().nonnegative() }),
});
export type InstructorsReport = z.infer<typeof InstructorsReportSchema>;
