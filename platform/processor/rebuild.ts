import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore } from '../eventstore/port.js';
import type { DomainEvent } from '../../contracts/core/events.js';
import type { Projector } from './projector.js';
import type { DocValue, ReadStore } from '../readstore/port.js';
import { Lease } from './lease.js';
import { projectBatch } from './project-batch.js';

/** Where a rebuild of `projector` writes until it swaps: a shadow collection and checkpoint. */
export const shadowOf = (projector: Pick<Projector, 'name' | 'collection'>) => ({
  name: `${projector.name}__rebuild`,
  collection: `${projector.collection}__rebuild`,
});

export interface RebuildProgress {
  projection: string;
  /** building: from the start to the head seen at start; catching-up: with the live runner stopped; swapped: done. */
  phase: 'building' | 'catching-up' | 'swapped';
  position: bigint;
  head: bigint;
  /** Events read by this run (not counting a resumed part). */
  events: number;
  /** Shadow checkpoint this run started from (-1 for a fresh rebuild). */
  resumedFrom: bigint;
}

export interface RebuildOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  onProgress?: (p: RebuildProgress) => void;
  /** Events per write (default 10,000): fewer, larger transactions are what makes a rebuild fast. */
  batchSize?: number;
  owner?: string;
  /**
   * Lease time to live (default 15 s), renewed between batches: a rebuild killed after it took the
   * projection's lease holds the live runner back for at most this long.
   */
  leaseTtlMs?: number;
}

export interface RebuildResult {
  projection: string;
  position: bigint;
  events: number;
  resumedFrom: bigint;
  ms: number;
}

/**
 * Rebuilds one projection from the first event while the site keeps serving the old documents:
 * 1. builds into the shadow collection up to the current head, resuming the shadow's own
 *    checkpoint when an earlier rebuild was killed midway, then gives it the projection's indexes;
 * 2. takes the projection's lease by force, so the live runner stops writing (its next write fails
 *    with LeaseLostError and it stands by);
 * 3. catches the shadow up to the new head, swaps it in with its checkpoint, releases the lease;
 *    the live runner takes the lease back and continues from the swapped checkpoint.
 */
export async function rebuildProjection<E extends DomainEvent, D extends DocValue>(
  projector: Projector<E, D>,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const { eventStore, readStore, onProgress } = options;
  const batchSize = options.batchSize ?? 10_000;
  const ttl = options.leaseTtlMs ?? 15_000;
  const owner = options.owner ?? `rebuild:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const shadow = shadowOf(projector);
  const started = performance.now();

  // Forced: the lease of a rebuild that was killed would otherwise block this one until it expires.
  const shadowLease = new Lease(readStore, shadow.name, owner, { ttlMs: ttl });
  const liveLease = new Lease(readStore, projector.name, owner, { ttlMs: ttl });
  await shadowLease.takeOver();
  const renew = async () => {
    await shadowLease.keep();
    if (liveLease.held) await liveLease.keep();
  };

  try {
    let position = await readStore.getCheckpoint(shadow.name);
    const resumedFrom = position;
    // Without a checkpoint the shadow holds nothing worth keeping (or leftovers of an unfinished swap).
    if (position < 0n) await readStore.reset(shadow.name, [shadow.collection]);
    let events = 0;
    let head = await eventStore.headPosition();

    const build = async (phase: RebuildProgress['phase']) => {
      while (position < head) {
        await renew();
        const batch = await eventStore.readAll({ after: position, limit: batchSize });
        if (batch.length === 0) break;
        const ops = await projectBatch(projector, batch, readStore, shadow.collection);
        const last = batch[batch.length - 1]!.position;
        await readStore.write(ops, { projection: shadow.name, position: last, leaseOwner: owner });
        position = last;
        events += batch.length;
        // A batch may read past the head seen at the start of the phase: events keep coming.
        onProgress?.({
          projection: projector.name,
          phase,
          position,
          head: position > head ? position : head,
          events,
          resumedFrom,
        });
      }
    };

    await build('building');
    // Built in bulk now, while the live runner still serves; kept up by the catch-up writes. The
    // swap renames the shadow with its indexes, so the new live collection never serves without them.
    await readStore.ensureIndexes(shadow.collection, projector.indexes ?? []);
    await liveLease.takeOver();
    try {
      head = await eventStore.headPosition();
      await build('catching-up');
      await readStore.swap([[projector.collection, shadow.collection]], projector.name, shadow.name, position);
    } finally {
      await liveLease.release();
    }
    onProgress?.({
      projection: projector.name,
      phase: 'swapped',
      position,
      head: position > head ? position : head,
      events,
      resumedFrom,
    });
    return { projection: projector.name, position, events, resumedFrom, ms: performance.now() - started };
  } finally {
    await shadowLease.release();
  }
}
