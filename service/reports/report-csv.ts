import type {
  AttendanceFigures,
  AttendanceQuery,
  AttendanceReport,
  FunnelReport,
  InstructorsReport,
} from '../../contracts/reports/activity.js';
import type { RevenueReport } from '../../contracts/reports/revenue.js';
import { CSV_BOM, csvLineWithNumbers, type Decimal } from '../core/csv.js';
import { dollars } from './journal-csv.js';

type Cell = string | number | Decimal;
/** A report's table as CSV (RFC 4180, CRLF, a byte order mark for Excel), labels neutralised. */
const csvOf = (header: string[], rows: Cell[][]) => CSV_BOM + [header, ...rows].map(csvLineWithNumbers).join('');
const rateCell = (r: number | null): Cell => (r === null ? '' : { decimal: r.toFixed(4) });
const attendanceCells = (f: AttendanceFigures): Cell[] => [
  f.present,
  f.absent,
  rateCell(f.attendanceRate),
  f.makeupsUsed,
];
const ATTENDANCE = ['Present', 'Absent', 'Attendance rate', 'Make-ups used'];

export const revenueCsv = (report: RevenueReport, groupLabel: string) =>
  csvOf(
    [groupLabel, 'Booked', 'Refunded', 'Net', 'Recognized'],
    [...report.rows, { label: 'Total', ...report.totals }].map((r) => [
      r.label,
      dollars(r.bookedCents),
      dollars(r.refundedCents),
      dollars(r.netCents),
      dollars(r.recognizedCents),
    ]),
  );

export const funnelCsv = (report: FunnelReport) =>
  csvOf(
    ['Program', 'Holds started', 'Paid', 'Attended', 'Holds lapsed', 'Cancelled'],
    [...report.rows, { label: 'Total', ...report.totals }].map((r) => [
      r.label,
      r.started,
      r.paid,
      r.attended,
      r.lapsed,
      r.cancelled,
    ]),
  );

export function attendanceCsv(report: AttendanceReport, table: AttendanceQuery['table']): string {
  if (table === 'retention')
    return csvOf(
      ['Term', 'Program', 'Families', 'Returned next term', 'Retention rate'],
      report.retention.map((r) => [r.termLabel, r.label, r.families, r.returned, rateCell(r.retentionRate)]),
    );
  if (table === 'programs')
    return csvOf(
      ['Program', ...ATTENDANCE],
      [...report.programs, { label: 'Total', ...report.totals }].map((r) => [r.label, ...attendanceCells(r)]),
    );
  return csvOf(
    ['Program', 'Course', ...ATTENDANCE],
    report.rows.map((r) => [r.programLabel, r.label, ...attendanceCells(r)]),
  );
}

const RATE_WORDS = { session: 'per session', hour: 'per hour' } as const;

export const instructorsCsv = (report: InstructorsReport) =>
  csvOf(
    ['Instructor', 'Sessions', 'Hours', 'Present', 'Absent', 'Attendance rate', 'Rate', 'Rate per', 'Pay'],
    [
      ...report.rows.map((r) => [
        r.label,
        r.sessions,
        { decimal: r.hours.toFixed(2) },
        r.present,
        r.absent,
        rateCell(r.attendanceRate),
        r.payRate ? dollars(r.payRate.cents) : '',
        r.payRate ? RATE_WORDS[r.payRate.per] : '',
        r.payCents === null ? '' : dollars(r.payCents),
      ]),
      [
        'Total',
        report.totals.sessions,
        { decimal: report.totals.hours.toFixed(2) },
        '',
        '',
        '',
        '',
        '',
        dollars(report.totals.payCents),
      ],
    ],
  );
