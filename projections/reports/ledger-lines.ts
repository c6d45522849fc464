import type { RefundDestination, RevenueSource } from '../../contracts/reports/ledger.js';

/** What a booking was for when money moved: the report's program, location and income account come from it. */
export type LedgerItem = {
  kind: 'workshop' | 'program' | 'test';
  workshopId: string | null;
  programId: string | null;
  category: string;
  location: string;
};

/** One amount of a booking on one school day (decision 055): no names, no free text. */
export type LedgerLine = {
  day: string;
  kind: 'booked' | 'refunded' | 'recognized';
  source: RevenueSource;
  /** Refunded lines: where the money went. */
  to?: RefundDestination;
  /** Signed for `recognized` (a refund's shares are negative); booked and refunded are never negative. */
  cents: number;
  /** Index in the booking's `items`. */
  item: number;
};

/**
 * `cents` split over `n` sessions exactly: share i is trunc(c(i+1)/n) - trunc(ci/n), so the shares
 * add up to `cents` and a refund of the same amount splits as the mirror of the payment.
 */
export function sharesOf(cents: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.trunc((cents * (i + 1)) / n) - Math.trunc((cents * i) / n));
}

/**
 * The recognition of a signed amount moved on `day`: each session's share on the later of its own
 * day and `day` (a session already held is recognized when the money moves); with no dated
 * session, all of it that day.
 */
export function recognitionOf(
  signedCents: number,
  day: string,
  sessionDays: readonly string[],
  source: RevenueSource,
  item: number,
): LedgerLine[] {
  if (sessionDays.length === 0) return [{ day, kind: 'recognized', source, cents: signedCents, item }];
  return sharesOf(signedCents, sessionDays.length).map((cents, i) => {
    const sessionDay = sessionDays[i]!;
    return { day: sessionDay > day ? sessionDay : day, kind: 'recognized', source, cents, item };
  });
}

const keyOf = (l: LedgerLine) => `${l.day}|${l.kind}|${l.source}|${l.to ?? ''}|${l.item}`;

/** The lines summed by everything but their cents, in day order; nothing of 0 kept but a free booking's. */
export function collapse(lines: readonly LedgerLine[]): LedgerLine[] {
  const summed = new Map<string, LedgerLine>();
  for (const line of lines) {
    const key = keyOf(line);
    const before = summed.get(key);
    summed.set(key, before ? { ...before, cents: before.cents + line.cents } : { ...line });
  }
  return [...summed.values()]
    .filter((l) => l.cents !== 0 || (l.kind === 'booked' && l.source === 'free'))
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/**
 * A booking moved (rescheduled, transferred) on `day`: the shares not yet recognized (days after
 * it) go onto the new sessions with the new item; what is on or before `day` stays as it was.
 */
export function moveRecognition(
  lines: readonly LedgerLine[],
  day: string,
  sessionDays: readonly string[],
  item: number,
): LedgerLine[] {
  const isLater = (l: LedgerLine) => l.kind === 'recognized' && l.day > day;
  const later = new Map<RevenueSource, number>();
  for (const l of lines.filter(isLater)) later.set(l.source, (later.get(l.source) ?? 0) + l.cents);
  const moved = [...later].flatMap(([source, cents]) => recognitionOf(cents, day, sessionDays, source, item));
  return collapse([...lines.filter((l) => !isLater(l)), ...moved]);
}
