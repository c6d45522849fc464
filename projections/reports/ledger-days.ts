import type { RollupChange } from '../../platform/processor/projector.js';
import type { LedgerItem, LedgerLine } from './ledger-lines.js';
import type { LedgerDoc } from './revenue-ledger.js';

/** A day's sum of the bookings' lines of one kind, source, destination and item (record 140). */
export type DayLine = Omit<LedgerLine, 'day' | 'item'> & { item: LedgerItem };

/**
 * One school day of the whole ledger (record 140): every booking's lines of the day summed by what
 * the reports group and the journal posts by, and the gift cards sold that day. A report reads the
 * days of its range, not every booking.
 */
export type DayLedgerDoc = { kind: 'day'; day: string; lines: DayLine[]; giftCardsSoldCents: number };

export const dayLedgerId = (day: string) => `day-${day}`;

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
  if (doc?.kind === 'enrollment')
    for (const { day, item, cents, ...line } of doc.lines)
      dayOf(day).lines.push({ ...line, item: doc.items[item]!, cents: sign * cents });
  if (doc?.kind === 'gift-card') for (const sale of doc.sold) dayOf(sale.day).giftCents += sign * sale.cents;
}

/**
 * How the day documents change when a booking's or a gift card's document changes: the lines
 * after less the lines before, day by day. Lines on or before the event's day never change, so
 * this touches the event's day and the days of sessions still to come.
 */
export function dayRollups(before: LedgerDoc | null, after: LedgerDoc | null): RollupChange<LedgerDoc>[] {
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
  return changes;
}
