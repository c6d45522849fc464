import type { FunnelFigures, FunnelReport } from '../../contracts/reports/activity.js';
import { inRange } from './ledger.js';
import { byLabel, programOfBooking, programRow, type Activity } from './activity.js';

const zero = (): FunnelFigures => ({ started: 0, paid: 0, attended: 0, lapsed: 0, cancelled: 0 });
const FIGURES = ['started', 'paid', 'attended', 'lapsed', 'cancelled'] as const;

/**
 * The funnel (issue 42, record 110): the bookings started in the range (a hold, or a program's
 * order), by program, and what became of each since: paid, attended at least once, its hold lapsed,
 * cancelled. A place split off another booking is not a start of its own. It sums the start days'
 * funnels (record 140), not the bookings; with `locationId`, of that location's classes only.
 */
export function funnelReport(
  activity: Activity,
  range: { from: string; to: string; locationId?: string | undefined },
): FunnelReport {
  const rows = new Map<string, FunnelReport['rows'][number]>();
  const totals = zero();
  for (const { day, funnel } of activity.days) {
    if (!inRange(day, range)) continue;
    for (const started of funnel) {
      if (range.locationId && activity.workshops.get(started.workshopId ?? '')?.locationId !== range.locationId)
        continue;
      const { key, label } = programRow(activity, programOfBooking(activity, started));
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { key, label, ...zero() }));
      for (const figures of [row, totals]) for (const f of FIGURES) figures[f] += started[f];
    }
  }
  return { rows: [...rows.values()].sort(byLabel), totals };
}
