import type { RollupChange } from '../../platform/processor/projector.js';
import type { DayLine, LedgerDoc, LedgerIndexDoc } from './ledger-docs.js';

export type { DayLine, DayLedgerDoc, LedgerIndexDoc } from './ledger-docs.js';

export const dayLedgerId = (day: string) => `day-${day}`;

export const LEDGER_INDEX_ID = 'index';

const indexOf = (doc: LedgerDoc | null): LedgerIndexDoc =>
  doc?.kind === 'index' ? doc : { kind: 'index', firstDay: null, workshops: {}, programs: {} };

/** A workshop's or program's label copied into the index. */
function labelRollup(after: LedgerDoc | null, id: string): RollupChange<LedgerDoc>[] {
  if (after?.kind === 'workshop') {
    const workshopId = id.slice('workshop-'.length);
    return [
      {
        id: LEDGER_INDEX_ID,
        apply: (doc) => {
          const index = indexOf(doc);
          return { ...index, workshops: { ...index.workshops, [workshopId]: after } };
        },
      },
    ];
  }
  if (after?.kind === 'program') {
    const programId = id.slice('program-'.length);
    return [
      {
        id: LEDGER_INDEX_ID,
        apply: (doc) => {
          const index = indexOf(doc);
          return { ...index, programs: { ...index.programs, [programId]: after } };
        },
      },
    ];
  }
  return [];
}

const keyOf = (l: DayLine) =>
  JSON.stringify([
    l.kind,
    l.source,
    l.to ?? '',
    l.item.kind,
    l.item.workshopId,
    l.item.programId,
    l.item.category,
    l.item.location,
  ]);

/** Lines summed by everything but their cents; nothing of 0 kept but a free booking's (it names the source). */
export function collapseDay(lines: readonly DayLine[]): DayLine[] {
  const summed = new Map<string, DayLine>();
  for (const line of lines) {
    const key = keyOf(line);
    const before = summed.get(key);
    summed.set(key, before ? { ...before, cents: before.cents + line.cents } : { ...line });
  }
  return [...summed.entries()]
    .filter(([, l]) => l.cents !== 0 || (l.kind === 'booked' && l.source === 'free'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, l]) => l);
}

/** A document's lines by day, signed (`sign` -1 takes them away), its items spelled out. */
function linesByDay(doc: LedgerDoc | null, sign: 1 | -1, into: Map<string, { lines: DayLine[]; giftCents: number }>) {
  const dayOf = (day: string) => {
    let d = into.get(day);
    if (!d) into.set(day, (d = { lines: [], giftCents: 0 }));
    return d;
  };
  // An invoice's (record 125) and an appointment's (record 121) lines as a booking's.
  if (doc?.kind === 'enrollment' || doc?.kind === 'invoice' || doc?.kind === 'appointment')
    for (const { day, item, cents, ...line } of doc.lines)
      dayOf(day).lines.push({ ...line, item: doc.items[item]!, cents: sign * cents });
  if (doc?.kind === 'gift-card') for (const sale of doc.sold) dayOf(sale.day).giftCents += sign * sale.cents;
}

/**
 * How the day documents change when a booking's, an invoice's or a gift card's document changes: the lines
 * after less the lines before, day by day (and the index's first day); a workshop's or program's
 * label goes to the index. Lines on or before the event's day never change, so
 * this touches the event's day and the days of sessions still to come.
 */
export function dayRollups(before: LedgerDoc | null, after: LedgerDoc | null, id: string): RollupChange<LedgerDoc>[] {
  if (after?.kind === 'workshop' || after?.kind === 'program') return labelRollup(after, id);
  const byDay = new Map<string, { lines: DayLine[]; giftCents: number }>();
  linesByDay(before, -1, byDay);
  linesByDay(after, 1, byDay);
  const changes: RollupChange<LedgerDoc>[] = [];
  for (const [day, delta] of byDay) {
    const lines = collapseDay(delta.lines);
    if (lines.length === 0 && delta.giftCents === 0) continue;
    changes.push({
      id: dayLedgerId(day),
      apply: (doc) => {
        const current = doc?.kind === 'day' ? doc : null;
        return {
          kind: 'day',
          day,
          lines: collapseDay([...(current?.lines ?? []), ...lines]),
          giftCardsSoldCents: (current?.giftCardsSoldCents ?? 0) + delta.giftCents,
        };
      },
    });
  }
  const first = [...byDay.keys()].sort()[0];
  if (first)
    changes.push({
      id: LEDGER_INDEX_ID,
      apply: (doc) => {
        const index = indexOf(doc);
        return index.firstDay !== null && index.firstDay <= first ? index : { ...index, firstDay: first };
      },
    });
  return changes;
}
