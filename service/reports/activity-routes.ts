import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AttendanceQuerySchema, ReportRangeQuerySchema } from '../../contracts/reports/activity.js';
import { DayRangeSchema } from '../../contracts/reports/revenue.js';
import { BOOKING_ACTIVITY } from '../../projections/reports/booking-activity.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { readActivity } from './activity.js';
import { funnelReport } from './funnel-report.js';
import { attendanceReport } from './attendance-report.js';
import { attendanceChartSvg, funnelChartSvg } from './activity-charts.js';
import { attendanceCsv, funnelCsv, instructorsCsv } from './report-csv.js';
import { INSTRUCTORS, type InstructorDoc } from '../../projections/instructors/instructors.js';
import { schoolDayOf } from '../../contracts/reports/days.js';
import { instructorsReport } from './instructors-report.js';
import { instructorsChartSvg } from './activity-charts.js';

/** A report's CSV, named for the report and its range. */
export function csvAnswer(c: Context, name: string, q: { from: string; to: string }, csv: string) {
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

/**
 * The funnel and the attendance and retention reports (issue 42, record 110), from the
 * booking-activity read model: JSON, `format=csv`, and each its chart (`.svg`).
 */
export function activityReportRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const activity = async (minPosition: string | undefined) => {
    await awaitProjections(deps, minPosition, [BOOKING_ACTIVITY]);
    return readActivity(deps.readStore);
  };

  app.get(
    '/reports/funnel',
    validate('query', z.intersection(ReportRangeQuerySchema, MinPositionQuerySchema)),
    async (c) => {
      const q = c.req.valid('query');
      const report = funnelReport(await activity(q.minPosition), q);
      if (q.format === 'csv') return csvAnswer(c, 'funnel', q, funnelCsv(report));
      c.header('Cache-Control', 'no-store');
      return c.json(report);
    },
  );
  app.get(
    '/reports/funnel.svg',
    validate('query', z.intersection(DayRangeSchema, MinPositionQuerySchema)),
    async (c) => {
      const q = c.req.valid('query');
      return svgAnswer(c, funnelChartSvg(funnelReport(await activity(q.minPosition), q), q));
    },
  );

  app.get(
    '/reports/attendance',
    validate('query', z.intersection(AttendanceQuerySchema, MinPositionQuerySchema)),
    async (c) => {
      const q = c.req.valid('query');
      const report = attendanceReport(await activity(q.minPosition), q);
      if (q.format === 'csv') return csvAnswer(c, `attendance-${q.table}`, q, attendanceCsv(report, q.table));
      c.header('Cache-Control', 'no-store');
      return c.json(report);
    },
  );
  app.get(
    '/reports/attendance.svg',
    validate('query', z.intersection(DayRangeSchema, MinPositionQuerySchema)),
    async (c) => {
      const q = c.req.valid('query');
      return svgAnswer(c, attendanceChartSvg(attendanceReport(await activity(q.minPosition), q), q));
    },
  );

  const instructors = async (q: { from: string; to: string; minPosition?: string | undefined }) => {
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
  };
  app.get(
    '/reports/instructors',
    validate('query', z.intersection(ReportRangeQuerySchema, MinPositionQuerySchema)),
    async (c) => {
      const q = c.req.valid('query');
      const report = await instructors(q);
      if (q.format === 'csv') return csvAnswer(c, 'instructors', q, instructorsCsv(report));
      c.header('Cache-Control', 'no-store');
      return c.json(report);
    },
  );
  app.get(
    '/reports/instructors.svg',
    validate('query', z.intersection(DayRangeSchema, MinPositionQuerySchema)),
    async (c) => {
      const q = c.req.valid('query');
      return svgAnswer(c, instructorsChartSvg(await instructors(q), q));
    },
  );

  return app;
}
