import type { ReadStore } from '../../platform/readstore/port.js';
import {
  REVENUE_LEDGER,
  type LedgerDoc,
  type ProgramLedgerDoc,
  type WorkshopLedgerDoc,
} from '../../projections/reports/revenue-ledger.js';
import { LEDGER_INDEX_ID, dayLedgerId, type DayLedgerDoc } from '../../projections/reports/ledger-days.js';

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
 * The day documents of the range, or with no `from` every day up to `to` (a balance on a day sums
 * all before it), and the labels: documents by id only (the index first), as many as days.
 */
export async function readLedger(store: ReadStore, range: { from?: string; to: string }): Promise<Ledger> {
  const index = (await store.get<LedgerDoc>(REVENUE_LEDGER, LEDGER_INDEX_ID))?.doc;
  const ledger: Ledger = { days: [], workshops: new Map(), programs: new Map() };
  if (index?.kind !== 'index' || index.firstDay === null) return ledger;
  ledger.workshops = new Map(Object.entries(index.workshops));
  ledger.programs = new Map(Object.entries(index.programs));
  const from = range.from && range.from > index.firstDay ? range.from : index.firstDay;
  const found = await store.getMany<LedgerDoc>(REVENUE_LEDGER, daysBetween(from, range.to).map(dayLedgerId));
  for (const { doc } of found.values()) if (doc.kind === 'day') ledger.days.push(withCategories(doc, ledger.workshops));
  return ledger;
}

/**
 * An invoice's lines take their workshop's category (its income account) as the ledger is read
 * (record 125: the invoice's projection knows the workshop by id only); a description-only line
 * (training on site for an organization) is business training.
 */
const withCategories = (day: DayLedgerDoc, workshops: Ledger['workshops']): DayLedgerDoc => ({
  ...day,
  lines: day.lines.map((line) =>
    line.source === 'invoice' && line.item.category === ''
      ? {
          ...line,
          item: {
            ...line.item,
            category: (line.item.workshopId ? workshops.get(line.item.workshopId)?.category : undefined) ?? 'business',
          },
        }
      : line,
  ),
});

/** Whether a school day is in the range, both ends included. */
export const inRange = (day: string, r: { from: string; to: string }) => day >= r.from && day <= r.to;
