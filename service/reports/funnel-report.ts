import type { FunnelFigures, FunnelReport } from '../../contracts/reports/activity.js';
import { inRange } from './ledger.js';
import { byLabel, programOfBooking, programRow, type Activity } from './activity.js';

const zero = (): FunnelFigures => ({ started: 0, paid: 0, attended: 0, lapsed: 0, cancelled: 0 });

/**
 * The funnel (issue 42, record 110): the bookings started in the range (a hold, or a program's
 * order), by program, and what became of each since: paid, attended at least once, its hold lapsed,
 * cancelled. A place split off another booking is not a start of its own.
 */
export function funnelReport(activity: Activity, range: { from: string; to: string }): FunnelReport {
  const rows = new Map<string, FunnelReport['rows'][number]>();
  const totals = zero();
  for (const b of activity.bookings) {
    if (b.split || !inRange(b.startedDay, range)) continue;
    const { key, label } = programRow(activity, programOfBooking(activity, b));
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, label, ...zero() }));
    const attended = Object.values(b.marks).some((m) => m.present);
    for (const figures of [row, totals]) {
      figures.started += 1;
      if (b.paidDay) figures.paid += 1;
      if (attended) figures.attended += 1;
      if (b.lapsedDay) figures.lapsed += 1;
      if (b.cancelledDay) figures.cancelled += 1;
    }
  }
  return { rows: [...rows.values()].sort(byLabel), totals };
}
