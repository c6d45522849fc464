import type { InstructorsReport } from '../../contracts/reports/activity.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';
import { inRange } from './ledger.js';
import { rate, type Activity } from './activity.js';

type Row = InstructorsReport['rows'][number] & { minutes: number };

/**
 * What each instructor taught in the range (issue 42, record 110): the sessions of the workshops
 * they teach (their record, or the record of the name written on an older workshop) held by
 * `today`, their hours, the attendance marked at them, and the pay from the rate on their record.
 * Private lessons are on the instructors' calendars, not yet counted here.
 */
export function instructorsReport(
  activity: Activity,
  instructors: InstructorView[],
  range: { from: string; to: string },
  today: string,
): InstructorsReport {
  const byName = new Map(instructors.map((i) => [i.name.trim().toLowerCase(), i.id]));
  const rows = new Map<string, Row>(
    instructors.map((i) => [
      i.id,
      {
        key: i.id,
        label: i.name,
        sessions: 0,
        minutes: 0,
        hours: 0,
        present: 0,
        absent: 0,
        attendanceRate: null,
        payRate: i.payRate ?? null,
        payCents: null,
      },
    ]),
  );
  const rowOfWorkshop = new Map<string, Row>();
  const held = { from: range.from, to: range.to < today ? range.to : today };
  for (const [workshopId, w] of activity.workshops) {
    const row = rows.get(w.instructorId ?? byName.get(w.instructor.trim().toLowerCase()) ?? '');
    if (!row || w.removed) continue;
    rowOfWorkshop.set(workshopId, row);
    for (const s of w.sessions)
      if (inRange(s.day, held)) {
        row.sessions += 1;
        row.minutes += s.minutes;
      }
  }
  for (const b of activity.bookings)
    for (const m of Object.values(b.marks)) {
      const row = rowOfWorkshop.get(m.workshopId);
      if (!row || !inRange(m.day, range)) continue;
      if (m.present) row.present += 1;
      else row.absent += 1;
    }
  const done = [...rows.values()]
    .map(({ minutes, ...r }) => ({
      ...r,
      hours: Math.round((minutes / 60) * 100) / 100,
      attendanceRate: rate(r.present, r.present + r.absent),
      payCents: !r.payRate
        ? null
        : r.payRate.per === 'session'
          ? r.sessions * r.payRate.cents
          : Math.round((minutes * r.payRate.cents) / 60),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    rows: done,
    totals: {
      sessions: done.reduce((n, r) => n + r.sessions, 0),
      hours: Math.round(done.reduce((n, r) => n + r.hours, 0) * 100) / 100,
      payCents: done.reduce((n, r) => n + (r.payCents ?? 0), 0),
    },
  };
}
