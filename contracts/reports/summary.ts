import { formatUsd } from '../enrollment/money.js';
import type { RevenueQuery, RevenueReport } from './revenue.js';

const GROUPS = { month: 'month', program: 'program', location: 'location', source: 'source of payment' } as const;

/** The revenue chart in words, for screen readers and for a glance: the totals and the largest row. */
export function revenueSummary(report: RevenueReport, query: Pick<RevenueQuery, 'from' | 'to' | 'by'>): string {
  const { totals, rows } = report;
  const head =
    `From ${query.from} to ${query.to}: ${formatUsd(totals.bookedCents)} booked, ${formatUsd(totals.refundedCents)} refunded, ` +
    `${formatUsd(totals.netCents)} net, ${formatUsd(totals.recognizedCents)} recognized as sessions were held.`;
  const top = [...rows].sort((a, b) => b.netCents - a.netCents)[0];
  if (!top || top.netCents <= 0) return `${head} No revenue by ${GROUPS[query.by]} in this range.`;
  return `${head} The largest ${GROUPS[query.by]} is ${top.label}, ${formatUsd(top.netCents)} net, over ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}.`;
}
