import type { DayLine } from '../../projections/reports/ledger-days.js';
import { SOURCE_LABELS, REVENUE_SOURCES, type RevenueSource } from '../../contracts/reports/ledger.js';
import type {
  RevenueFigures,
  RevenueGrouping,
  RevenueQuery,
  RevenueReport,
  RevenueRow,
} from '../../contracts/reports/revenue.js';
import { inRange, type Ledger } from './ledger.js';

const zero = (): RevenueFigures => ({ bookedCents: 0, refundedCents: 0, netCents: 0, recognizedCents: 0 });

function add(figures: RevenueFigures, line: DayLine): void {
  if (line.kind === 'booked') figures.bookedCents += line.cents;
  else if (line.kind === 'refunded') figures.refundedCents += line.cents;
  else figures.recognizedCents += line.cents;
  figures.netCents = figures.bookedCents - figures.refundedCents;
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthsOf = (from: string, to: string): string[] => {
  const months: string[] = [];
  for (let [y, m] = from.split('-').map(Number) as [number, number]; `${y}-${String(m).padStart(2, '0')}` <= to;) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
};

const monthName = (month: string) => monthLabel.format(new Date(`${month}-01T00:00:00Z`));

/** The key of a line's row under a grouping, and its label (asked once a row: formatting a month is slow). */
function groupOf(by: RevenueGrouping, day: string, line: DayLine, ledger: Ledger): [string, () => string] {
  const { item } = line;
  switch (by) {
    case 'month':
      return [day.slice(0, 7), () => monthName(day.slice(0, 7))];
    case 'source':
      return [line.source, () => SOURCE_LABELS[line.source]];
    case 'location':
      return [item.location || 'none', () => item.location || 'No location given'];
    case 'program': {
      const programId = item.programId ?? (item.workshopId ? ledger.workshops.get(item.workshopId)?.programId : null);
      if (!programId) return ['none', () => 'Not part of a program'];
      return [programId, () => ledger.programs.get(programId)?.title ?? programId];
    }
  }
}

const sourceOrder = (key: string) => REVENUE_SOURCES.indexOf(key as RevenueSource);

/**
 * The revenue report (issue 42): booked, refunded, net and recognized in the range, by month,
 * program, location or source, from the ledger's days (decisions 055, 140), of one location's
 * classes with `locationId`. Months are listed whole, empty ones too, so a chart has no gaps.
 */
export function revenueReport(ledger: Ledger, query: RevenueQuery): RevenueReport {
  const rows = new Map<string, RevenueRow>();
  const totals = zero();
  const rowOf = (key: string, label: () => string) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, label: label(), ...zero() }));
    return row;
  };
  if (query.by === 'month') for (const month of monthsOf(query.from, query.to)) rowOf(month, () => monthName(month));
  const atLocation = (line: DayLine) =>
    !query.locationId ||
    (line.item.workshopId !== null && ledger.workshops.get(line.item.workshopId)?.locationId === query.locationId);
  for (const { day, lines } of ledger.days) {
    if (!inRange(day, query)) continue;
    for (const line of lines) {
      if (!atLocation(line)) continue;
      const [key, label] = groupOf(query.by, day, line, ledger);
      add(rowOf(key, label), line);
      add(totals, line);
    }
  }
  const sorted = [...rows.values()].sort((a, b) =>
    query.by === 'month'
      ? a.key.localeCompare(b.key)
      : query.by === 'source'
        ? sourceOrder(a.key) - sourceOrder(b.key)
        : b.netCents - a.netCents || a.label.localeCompare(b.label),
  );
  return { rows: sorted, totals };
}
