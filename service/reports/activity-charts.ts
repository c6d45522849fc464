import {
  FUNNEL_LABELS,
  FUNNEL_STAGES,
  type AttendanceReport,
  type FunnelReport,
  type InstructorsReport,
} from '../../contracts/reports/activity.js';
import { attendanceSummary, funnelSummary, instructorsSummary } from '../../contracts/reports/activity-summary.js';
import { barChartSvg } from './bar-chart.js';

type Range = { from: string; to: string };

/** The funnel's stages as bars: how many bookings reached each. */
export const funnelChartSvg = (report: FunnelReport, q: Range) =>
  barChartSvg({
    title: `Bookings funnel, ${q.from} to ${q.to}`,
    summary: funnelSummary(report, q),
    unit: 'Bookings',
    bars: FUNNEL_STAGES.map((s) => ({ key: s, label: FUNNEL_LABELS[s], value: report.totals[s] })),
    format: (v) => v.toLocaleString('en-US'),
  });

/** Each program's attendance rate as a bar, in percent. */
export const attendanceChartSvg = (report: AttendanceReport, q: Range) =>
  barChartSvg({
    title: `Attendance by program, ${q.from} to ${q.to}`,
    summary: attendanceSummary(report, q),
    unit: 'Attendance (%)',
    bars: report.programs.map((p) => ({ key: p.key, label: p.label, value: (p.attendanceRate ?? 0) * 100 })),
    format: (v) => `${Math.round(v)}%`,
    max: 100,
  });

/** Each instructor's sessions taught as a bar. */
export const instructorsChartSvg = (report: InstructorsReport, q: Range) =>
  barChartSvg({
    title: `Sessions taught by instructor, ${q.from} to ${q.to}`,
    summary: instructorsSummary(report, q),
    unit: 'Sessions',
    bars: report.rows.map((r) => ({ key: r.key, label: r.label, value: r.sessions })),
    format: (v) => v.toLocaleString('en-US'),
  });
