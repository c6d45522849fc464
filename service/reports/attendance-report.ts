import type { AttendanceFigures, AttendanceReport, RetentionRow } from '../../contracts/reports/activity.js';
import { nextTerm, termOf, termsOf } from '../../contracts/reports/terms.js';
import { inRange } from './ledger.js';
import { byLabel, programOfBooking, programRow, rate, type Activity } from './activity.js';

const zero = (): AttendanceFigures => ({ present: 0, absent: 0, attendanceRate: null, makeupsUsed: 0 });
const withRate = <T extends AttendanceFigures>(f: T): T => ({
  ...f,
  attendanceRate: rate(f.present, f.present + f.absent),
});

/**
 * Families of each term's programs and how many booked a class of the next term (record 110): a
 * family is a family account; a booking made without one names no family, so it is in no cohort.
 * A booking counts in the term of its first session (a program's order, of the day it was paid),
 * once paid and while not cancelled.
 */
function retention(activity: Activity, range: { from: string; to: string }): RetentionRow[] {
  const termsOfFamily = new Map<string, Set<string>>();
  const cohorts = new Map<string, Map<string, Set<string>>>();
  for (const b of activity.bookings) {
    if (!b.householdId || !b.paidDay || b.cancelledDay) continue;
    const term = termOf(b.classDay ?? b.paidDay).key;
    termsOfFamily.set(b.householdId, (termsOfFamily.get(b.householdId) ?? new Set()).add(term));
    const program = programRow(activity, programOfBooking(activity, b)).key;
    const byProgram = cohorts.get(term) ?? new Map<string, Set<string>>();
    cohorts.set(term, byProgram.set(program, (byProgram.get(program) ?? new Set()).add(b.householdId)));
  }
  return termsOf(range.from, range.to).flatMap((term) => {
    const next = nextTerm(term).key;
    return [...(cohorts.get(term.key) ?? new Map<string, Set<string>>())]
      .map(([programId, families]) => {
        const returned = [...families].filter((f) => termsOfFamily.get(f)!.has(next)).length;
        const { key, label } = programRow(activity, programId === 'none' ? null : programId);
        return {
          term: term.key,
          termLabel: term.label,
          key,
          label,
          families: families.size,
          returned,
          retentionRate: rate(returned, families.size),
        };
      })
      .sort(byLabel);
  });
}

/**
 * Attendance and retention (issue 42, record 110): the marks taken in the range, per course (the
 * workshop where the child was marked) and per program; present at a make-up is a make-up used.
 */
export function attendanceReport(activity: Activity, range: { from: string; to: string }): AttendanceReport {
  const courses = new Map<string, AttendanceReport['rows'][number]>();
  const programs = new Map<string, AttendanceReport['programs'][number]>();
  const totals = zero();
  for (const b of activity.bookings)
    for (const mark of Object.values(b.marks)) {
      if (!inRange(mark.day, range)) continue;
      const workshop = activity.workshops.get(mark.workshopId);
      const program = programRow(activity, workshop?.programId ?? null);
      let course = courses.get(mark.workshopId);
      if (!course)
        courses.set(
          mark.workshopId,
          (course = {
            key: mark.workshopId,
            label: workshop?.title ?? mark.workshopId,
            programKey: program.key,
            programLabel: program.label,
            ...zero(),
          }),
        );
      let byProgram = programs.get(program.key);
      if (!byProgram) programs.set(program.key, (byProgram = { ...program, ...zero() }));
      for (const f of [course, byProgram, totals]) {
        if (mark.present) f.present += 1;
        else f.absent += 1;
        if (mark.present && mark.makeup) f.makeupsUsed += 1;
      }
    }
  return {
    rows: [...courses.values()]
      .map(withRate)
      .sort(
        (a, b) =>
          byLabel({ key: a.programKey, label: a.programLabel }, { key: b.programKey, label: b.programLabel }) ||
          byLabel(a, b),
      ),
    programs: [...programs.values()].map(withRate).sort(byLabel),
    totals: withRate(totals),
    retention: retention(activity, range),
  };
}
