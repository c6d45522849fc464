import { formatUsd } from '../enrollment/money.js';
import {
  FUNNEL_LABELS,
  FUNNEL_STAGES,
  type AttendanceReport,
  type FunnelReport,
  type InstructorsReport,
} from './activity.js';

const percent = (r: number | null) => (r === null ? 'no marks' : `${Math.round(r * 1000) / 10}%`);
const range = (q: { from: string; to: string }) => `From ${q.from} to ${q.to}`;

/** The funnel in words, for screen readers and a glance: every stage's count. */
export function funnelSummary(report: FunnelReport, q: { from: string; to: string }): string {
  const t = report.totals;
  if (t.started === 0) return `${range(q)}: no bookings were started.`;
  // "1 hold started", "2 holds started": the stage's words in the singular for one.
  const stages = FUNNEL_STAGES.map((s) => {
    const words = FUNNEL_LABELS[s].toLowerCase();
    return `${t[s]} ${t[s] === 1 ? words.replace(/^holds /, 'hold ') : words}`;
  }).join(', ');
  return `${range(q)}: ${stages}, over ${report.rows.length} ${report.rows.length === 1 ? 'program' : 'programs'}.`;
}

/** Attendance in words: the rate overall, the lowest program's, make-ups used. */
export function attendanceSummary(report: AttendanceReport, q: { from: string; to: string }): string {
  const t = report.totals;
  if (t.present + t.absent === 0) return `${range(q)}: no attendance was marked.`;
  const lowest = [...report.programs].sort((a, b) => (a.attendanceRate ?? 1) - (b.attendanceRate ?? 1))[0]!;
  return (
    `${range(q)}: ${t.present} present and ${t.absent} absent, an attendance rate of ${percent(t.attendanceRate)}; ` +
    `${t.makeupsUsed} ${t.makeupsUsed === 1 ? 'make-up' : 'make-ups'} used. The lowest program is ${lowest.label} at ${percent(lowest.attendanceRate)}.`
  );
}

/** The instructors' report in words: sessions, hours and pay in all, and who taught most. */
export function instructorsSummary(report: InstructorsReport, q: { from: string; to: string }): string {
  const t = report.totals;
  if (t.sessions === 0) return `${range(q)}: no class sessions were taught.`;
  const most = [...report.rows].sort((a, b) => b.sessions - a.sessions)[0]!;
  return (
    `${range(q)}: ${t.sessions} ${t.sessions === 1 ? 'session' : 'sessions'} taught, ${t.hours} hours, ${formatUsd(t.payCents)} of pay at the rates set. ` +
    `${most.label} taught the most, ${most.sessions}.`
  );
}
