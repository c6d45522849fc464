import {
  FUNNEL_LABELS,
  FUNNEL_STAGES,
  type AttendanceFigures,
  type AttendanceReport,
  type FunnelReport,
  type InstructorsReport,
} from '../../contracts/reports/activity.js';
import { attendanceSummary, funnelSummary, instructorsSummary } from '../../contracts/reports/activity-summary.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { ReportSection, type ReportColumn, type ReportTable } from './ReportSection.js';

/** The tab's range, and the one location a limited manager reads (issue 41): the funnel only, then. */
type Range = { from: string; to: string; locationId?: string } | null;
const percent = (r: number | null) => (r === null ? '–' : `${Math.round(r * 1000) / 10}%`);
type FunnelRow = FunnelReport['rows'][number];
type ProgramRow = AttendanceReport['programs'][number];
type CourseRow = AttendanceReport['rows'][number];
type RetentionRow = AttendanceReport['retention'][number] & { key: string };
type InstructorRow = InstructorsReport['rows'][number];
const attendanceColumns = <R extends AttendanceFigures>(): ReportColumn<R>[] => [
  { name: 'Present', cell: (r) => r.present },
  { name: 'Absent', cell: (r) => r.absent },
  { name: 'Attendance', cell: (r) => percent(r.attendanceRate) },
  { name: 'Make-ups used', cell: (r) => r.makeupsUsed },
];
const table = <R,>(t: ReportTable<R>) => t as unknown as ReportTable<never>;

/** The funnel, attendance and retention, and instructors' reports (issue 42) over the tab's range. */
export function ActivityReports({ range }: { range: Range }) {
  return (
    <>
      <ReportSection<FunnelReport>
        report="funnel"
        title="Bookings funnel"
        range={range}
        summary={(d) => funnelSummary(d, range!)}
        empty={(d) => d.totals.started === 0}
        tables={(d) => [
          table<FunnelRow>({
            caption: 'Bookings started in the range, by program',
            rows: [...d.rows, { key: 'total', label: 'Total', ...d.totals }],
            columns: [
              { name: 'Program', cell: (r) => r.label },
              ...FUNNEL_STAGES.map((s) => ({ name: FUNNEL_LABELS[s], cell: (r: FunnelRow) => r[s] })),
            ],
            csv: { label: 'Funnel (CSV)' },
          }),
        ]}
      />
      {!range?.locationId && (
        <>
          <ReportSection<AttendanceReport>
            report="attendance"
            title="Attendance and retention"
            range={range}
            summary={(d) => attendanceSummary(d, range!)}
            empty={(d) => d.programs.length === 0}
            tables={(d) => [
              table<ProgramRow>({
                caption: 'Attendance by program',
                rows: d.programs.length ? [...d.programs, { key: 'total', label: 'Total', ...d.totals }] : [],
                columns: [{ name: 'Program', cell: (r) => r.label }, ...attendanceColumns()],
                csv: { params: { table: 'programs' }, label: 'Attendance by program (CSV)' },
              }),
              table<CourseRow>({
                caption: 'Attendance by course',
                rows: d.rows,
                columns: [
                  { name: 'Course', cell: (r) => r.label },
                  { name: 'Program', cell: (r) => r.programLabel },
                  ...attendanceColumns(),
                ],
                csv: { params: { table: 'courses' }, label: 'Attendance by course (CSV)' },
              }),
              table<RetentionRow>({
                caption: 'Families who booked again the next term (family accounts)',
                rows: d.retention.map((r) => ({ ...r, key: `${r.term}/${r.key}` })),
                columns: [
                  { name: 'Term', cell: (r) => r.termLabel },
                  { name: 'Program', cell: (r) => r.label },
                  { name: 'Families', cell: (r) => r.families },
                  { name: 'Returned next term', cell: (r) => r.returned },
                  { name: 'Retention', cell: (r) => percent(r.retentionRate) },
                ],
                csv: { params: { table: 'retention' }, label: 'Retention (CSV)' },
              }),
            ]}
          />
          <ReportSection<InstructorsReport>
            report="instructors"
            title="Instructors"
            range={range}
            summary={(d) => instructorsSummary(d, range!)}
            empty={(d) => d.totals.sessions === 0}
            tables={(d) => [
              table<InstructorRow>({
                caption: 'Class sessions taught and pay',
                rows: d.rows,
                columns: [
                  { name: 'Instructor', cell: (r) => r.label },
                  { name: 'Sessions', cell: (r) => r.sessions },
                  { name: 'Hours', cell: (r) => r.hours },
                  { name: 'Attendance', cell: (r) => percent(r.attendanceRate) },
                  {
                    name: 'Rate',
                    cell: (r) => (r.payRate ? `${formatUsd(r.payRate.cents)} per ${r.payRate.per}` : 'Not set'),
                  },
                  { name: 'Pay', cell: (r) => (r.payCents === null ? '–' : formatUsd(r.payCents)) },
                ],
                csv: { label: 'Instructors (CSV)' },
              }),
            ]}
          />
        </>
      )}
    </>
  );
}
