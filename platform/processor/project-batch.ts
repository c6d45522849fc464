import type { DomainEvent } from '../../contracts/core/events.js';
import type { RecordedEvent } from '../eventstore/port.js';
import type { DocValue, ReadStore, WriteOp } from '../readstore/port.js';
import type { Projector, RecordedEventOf, RollupChange } from './projector.js';

interface Working<D extends DocValue> {
  doc: D | null;
  /** Position the document reflects: events at or before it are already in it. */
  position: bigint;
  changed: boolean;
}

/**
 * Turns a batch of events into the write ops of one projector: the documents the batch touches are
 * loaded once, every event is applied in order to the batch's working copy (so several events on
 * one document compose), and each changed document is written once, guarded by the position of the
 * last event that changed it. An event at or before a document's stored position is skipped, so a
 * replay never applies an event twice, even to a document that is ahead of the checkpoint.
 */
export async function projectBatch<E extends DomainEvent, D extends DocValue>(
  projector: Projector<E, D>,
  events: readonly RecordedEvent[],
  readStore: ReadStore,
  collection = projector.collection,
): Promise<WriteOp[]> {
  const relevant: RecordedEventOf<E>[] = [];
  const keys: string[][] = [];
  const ids = new Set<string>();
  for (const e of events) {
    if (!projector.handles(e)) continue;
    const k = projector.keys(e);
    relevant.push(e);
    keys.push(k);
    for (const id of k) ids.add(id);
  }
  if (ids.size === 0) return [];

  const stored = await readStore.getMany<D>(collection, [...ids]);
  const working = new Map<string, Working<D>>();
  for (const id of ids) {
    const s = stored.get(id);
    working.set(
      id,
      s ? { doc: s.doc, position: s.position, changed: false } : { doc: null, position: -1n, changed: false },
    );
  }
  const rollups: { position: bigint; changes: RollupChange<D>[] }[] = [];
  for (let i = 0; i < relevant.length; i++) {
    const e = relevant[i]!;
    for (const id of keys[i]!) {
      const w = working.get(id)!;
      if (e.position <= w.position) continue;
      const next = projector.project(w.doc, e, id);
      if (next === undefined || (next === null && w.doc === null)) continue;
      if (projector.rollups) rollups.push({ position: e.position, changes: projector.rollups(w.doc, next, id) });
      w.doc = next;
      w.position = e.position;
      w.changed = true;
    }
  }
  await applyRollups(rollups, working, readStore, collection);
  const ops: WriteOp[] = [];
  for (const [id, w] of working) {
    if (!w.changed) continue;
    ops.push(
      w.doc === null
        ? { kind: 'delete', collection, id, position: w.position }
        : { kind: 'put', collection, id, doc: w.doc, position: w.position },
    );
  }
  return ops;
}

/**
 * The rollup changes of the batch, in event order, onto the rollup documents (loaded once). A
 * change is skipped when its event is at or before the rollup's stored position: already in it.
 * Several documents changed by one event may each change one rollup, so the guard is the stored
 * position, not the working one.
 */
async function applyRollups<D extends DocValue>(
  rollups: readonly { position: bigint; changes: RollupChange<D>[] }[],
  working: Map<string, Working<D>>,
  readStore: ReadStore,
  collection: string,
): Promise<void> {
  const ids = new Set(rollups.flatMap((r) => r.changes.map((c) => c.id)));
  if (ids.size === 0) return;
  for (const id of ids)
    if (working.has(id)) throw new Error(`Rollup ${id} of ${collection} is also a projected document`);
  const stored = await readStore.getMany<D>(collection, [...ids]);
  const loaded = new Map<string, bigint>();
  for (const id of ids) {
    const s = stored.get(id);
    loaded.set(id, s?.position ?? -1n);
    working.set(
      id,
      s ? { doc: s.doc, position: s.position, changed: false } : { doc: null, position: -1n, changed: false },
    );
  }
  for (const { position, changes } of rollups)
    for (const change of changes) {
      if (position <= loaded.get(change.id)!) continue;
      const w = working.get(change.id)!;
      w.doc = change.apply(w.doc);
      if (position > w.position) w.position = position;
      w.changed = true;
    }
}
