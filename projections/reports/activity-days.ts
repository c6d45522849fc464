import type { RollupChange } from '../../platform/processor/projector.js';
import type { ActivityDoc, ActivityIndexDoc, BookingActivityDoc, FunnelDayRow } from './activity-docs.js';

export type { ActivityDayDoc, ActivityIndexDoc, FunnelDayRow } from './activity-docs.js';

export const ACTIVITY_INDEX_ID = 'index';

const indexOf = (doc: ActivityDoc | null): ActivityIndexDoc =>
  doc?.kind === 'index' ? doc : { kind: 'index', workshops: {}, programs: {} };

function labelRollup(after: ActivityDoc, id: string): RollupChange<ActivityDoc>[] {
  if (after.kind === 'workshop') {
    const label = { programId: after.programId, ...(after.locationId ? { locationId: after.locationId } : {}) };
    const workshopId = id.slice('workshop-'.length);
    return [
      {
        id: ACTIVITY_INDEX_ID,
        apply: (doc) => {
          const index = indexOf(doc);
          return { ...index, workshops: { ...index.workshops, [workshopId]: label } };
        },
      },
    ];
  }
  if (after.kind === 'program') {
    const programId = id.slice('program-'.length);
    return [
      {
        id: ACTIVITY_INDEX_ID,
        apply: (doc) => {
          const index = indexOf(doc);
          return { ...index, programs: { ...index.programs, [programId]: { title: after.title } } };
        },
      },
    ];
  }
  return [];
}

export const activityDayId = (day: string) => `day-${day}`;

const FIGURES = ['started', 'paid', 'attended', 'lapsed', 'cancelled'] as const;

/** A booking's row in its start day's funnel, signed; none for a place split off another booking. */
function rowOf(doc: ActivityDoc | null, sign: 1 | -1): (FunnelDayRow & { day: string }) | null {
  if (doc?.kind !== 'booking' || doc.split) return null;
  const b: BookingActivityDoc = doc;
  const count = (yes: boolean) => (yes ? sign : 0);
  return {
    day: b.startedDay,
    workshopId: b.workshopId,
    programId: b.programId,
    started: sign,
    paid: count(b.paidDay !== null),
    attended: count(Object.values(b.marks).some((m) => m.present)),
    lapsed: count(b.lapsedDay !== null),
    cancelled: count(b.cancelledDay !== null),
  };
}

const sameClass = (a: FunnelDayRow, b: FunnelDayRow) => a.workshopId === b.workshopId && a.programId === b.programId;

/** `rows` with `delta` added to its class's row; a row of nothing left is gone. */
function added(rows: readonly FunnelDayRow[], delta: FunnelDayRow): FunnelDayRow[] {
  const at = rows.findIndex((r) => sameClass(r, delta));
  const before = at < 0 ? { ...delta, started: 0, paid: 0, attended: 0, lapsed: 0, cancelled: 0 } : rows[at]!;
  const after = { ...before };
  for (const f of FIGURES) after[f] += delta[f];
  const others = rows.filter((_, i) => i !== at);
  return FIGURES.some((f) => after[f] !== 0) ? [...others, after] : others;
}

/**
 * How the start days' funnels change when a booking's document changes: its row before taken away,
 * its row after added; a workshop's or program's label goes to the index.
 */
export function activityDayRollups(
  before: ActivityDoc | null,
  after: ActivityDoc | null,
  id: string,
): RollupChange<ActivityDoc>[] {
  if (after?.kind === 'workshop' || after?.kind === 'program') return labelRollup(after, id);
  const deltas = [rowOf(before, -1), rowOf(after, 1)].filter((r) => r !== null);
  if (
    deltas.length === 2 &&
    sameClass(deltas[0]!, deltas[1]!) &&
    FIGURES.every((f) => deltas[0]![f] + deltas[1]![f] === 0)
  )
    return [];
  return deltas.map(({ day, ...delta }) => ({
    id: activityDayId(day),
    apply: (doc) => {
      const rows = doc?.kind === 'day' ? doc.funnel : [];
      const funnel = added(rows, delta).sort(
        (a, b) =>
          (a.programId ?? '').localeCompare(b.programId ?? '') ||
          (a.workshopId ?? '').localeCompare(b.workshopId ?? ''),
      );
      return { kind: 'day', day, funnel };
    },
  }));
}
