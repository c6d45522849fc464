import type { ReadStore } from '../../platform/readstore/port.js';
import {
  REVENUE_LEDGER,
  type LedgerDoc,
  type ProgramLedgerDoc,
  type WorkshopLedgerDoc,
} from '../../projections/reports/revenue-ledger.js';
import { dayLedgerId, type DayLedgerDoc } from '../../projections/reports/ledger-days.js';

/** The ledger's days (record 140) a report sums, and the labels of programs and workshops. */
export interface Ledger {
  days: DayLedgerDoc[];
  workshops: Map<string, WorkshopLedgerDoc>;
  programs: Map<string, ProgramLedgerDoc>;
}

/** Every calendar day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The day documents of the range (by id: as many reads as days), or with no `from` every day up
 * to `to` (a balance on a day sums all before it), and the labels.
 */
export async function readLedger(store: ReadStore, range: { from?: string; to: string }): Promise<Ledger> {
  const [days, labels] = await Promise.all([
    range.from
      ? store
          .getMany<LedgerDoc>(REVENUE_LEDGER, daysBetween(range.from, range.to).map(dayLedgerId))
          .then((found) => [...found.values()])
      : store.find<LedgerDoc>(REVENUE_LEDGER, { where: { kind: 'day' } }).then((found) => found.items),
    store.find<LedgerDoc>(REVENUE_LEDGER, { where: { kind: ['workshop', 'program'] } }),
  ]);
  const ledger: Ledger = { days: [], workshops: new Map(), programs: new Map() };
  for (const { doc } of days) if (doc.kind === 'day' && doc.day <= range.to) ledger.days.push(doc);
  for (const { id, doc } of labels.items) {
    if (doc.kind === 'workshop') ledger.workshops.set(id.slice('workshop-'.length), doc);
    else if (doc.kind === 'program') ledger.programs.set(id.slice('program-'.length), doc);
  }
  return ledger;
}

/** Whether a school day is in the range, both ends included. */
export const inRange = (day: string, r: { from: string; to: string }) => day >= r.from && day <= r.to;
