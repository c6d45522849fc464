import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  AttendanceQuerySchema,
  FunnelQuerySchema,
  ReportRangeQuerySchema,
  type AttendanceQuery,
  type ReportRangeQuery,
} from '../../contracts/reports/activity.js';
import { BOOKING_ACTIVITY } from '../../projections/reports/booking-activity.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { readActivity, readFunnelDays } from './activity.js';
import { funnelReport } from './funnel-report.js';
import { attendanceReport } from './attendance-report.js';
import { attendanceChartSvg, funnelChartSvg, instructorsChartSvg } from './activity-charts.js';
import { attendanceCsv, funnelCsv, instructorsCsv } from './report-csv.js';
import { INSTRUCTORS, type InstructorDoc } from '../../projections/instructors/instructors.js';
import { schoolDayOf } from '../../contracts/reports/days.js';
import { instructorsReport } from './instructors-report.js';

/** A report's CSV, named for the report and its range. */
export function csvAnswer(c: Context, name: string, csv: string, q: { from: string; to: string }) {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}-${q.from}-${q.to}.csv"`);
  c.header('Cache-Control', 'no-store');
  return c.body(csv);
}
export function svgAnswer(c: Context, svg: string) {
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Cache-Control', 'no-store');
  return c.body(svg);
}

/** One report's two routes: `path` (JSON, or CSV with `format=csv`) and `path.svg` (its chart). */
interface ServedReport<Q extends ReportRangeQuery, R> {
  path: string;
  query: z.ZodType<Q>;
  build(q: Q & { minPosition?: string | undefined }): Promise<R>;
  /** The CSV's file name and text. */
  csv(report: R, q: Q): [string, string];
  svg(report: R, q: Q): string;
}

function serve<Q extends ReportRangeQuery, R>(app: Hono, report: ServedReport<Q, R>): void {
  const query = z.intersection(report.query, MinPositionQuerySchema);
  app.get(report.path, validate('query', query), async (c) => {
    const q = c.req.valid('query') as Q & { minPosition?: string };
    const built = await report.build(q);
    if (q.format === 'csv') return csvAnswer(c, ...report.csv(built, q), q);
    c.header('Cache-Control', 'no-store');
    return c.json(built as object);
  });
  app.get(`${report.path}.svg`, validate('query', query), async (c) => {
    const q = c.req.valid('query') as Q & { minPosition?: string };
    return svgAnswer(c, report.svg(await report.build(q), q));
  });
}

/**
 * The funnel, attendance and retention, and instructors' reports (issue 42, record 110), from the
 * booking-activity read model: JSON, `format=csv`, and each its chart (`.svg`).
 */
export function activityReportRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const activity = async (minPosition: string | undefined) => {
    await awaitProjections(deps, minPosition, [BOOKING_ACTIVITY]);
    return readActivity(deps.readStore);
  };

  serve(app, {
    path: '/reports/funnel',
    query: FunnelQuerySchema,
    build: async (q) => {
      await awaitProjections(deps, q.minPosition, [BOOKING_ACTIVITY]);
      return funnelReport(await readFunnelDays(deps.readStore, q), q);
    },
    csv: (report) => ['funnel', funnelCsv(report)],
    svg: funnelChartSvg,
  });

  serve<AttendanceQuery, ReturnType<typeof attendanceReport>>(app, {
    path: '/reports/attendance',
    query: AttendanceQuerySchema,
    build: async (q) => attendanceReport(await activity(q.minPosition), q),
    csv: (report, q) => [`attendance-${q.table}`, attendanceCsv(report, q.table)],
    svg: attendanceChartSvg,
  });

  serve(app, {
    path: '/reports/instructors',
    query: ReportRangeQuerySchema,
    build: async (q) => {
      await awaitProjections(deps, q.minPosition, [INSTRUCTORS]);
      const [a, { items }] = await Promise.all([
        activity(q.minPosition),
        deps.readStore.find<InstructorDoc>(INSTRUCTORS),
      ]);
      const today = schoolDayOf(deps.clock().toISOString());
      return instructorsReport(
        a,
        items.map((i) => i.doc),
        q,
        today,
      );
    },
    csv: (report) => ['instructors', instructorsCsv(report)],
    svg: instructorsChartSvg,
  });

  return app;
}
