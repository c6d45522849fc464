import { expect } from 'vitest';
import type { Actor, AdministratorRef, DomainEvent } from '../../contracts/core/events.js';
import type { RecordedEvent } from '../../platform/eventstore/port.js';
import type { DocValue } from '../../platform/readstore/port.js';
import { MemoryReadStore } from '../../platform/readstore/memory.js';
import type { Projector } from '../../platform/processor/projector.js';
import { projectBatch } from '../../platform/processor/project-batch.js';

/** An event as a projection spec gives it: its stream, type and data, and who caused it when. */
export interface GivenEvent {
  streamId: string;
  type: string;
  data: unknown;
  actor?: Actor;
  at?: string;
  /** The named administrator of an admin action. */
  administrator?: AdministratorRef;
  /** Its revision in the stream; by default the next one. */
  revision?: bigint;
}

/** `event` on `streamId`, by `actor` at `at` (a visitor, 2025-06-01T15:00:00Z unless told). */
export const on = (
  streamId: string,
  event: { type: string; data: unknown },
  actor: Actor = 'visitor',
  at = '2025-06-01T15:00:00.000Z',
): GivenEvent => ({
  streamId,
  ...event,
  actor,
  at,
});

/** The events recorded in order: positions from 0, revisions per stream. */
export function record(events: readonly GivenEvent[]): RecordedEvent[] {
  const revisions = new Map<string, bigint>();
  return events.map((e, i) => {
    const revision = e.revision ?? revisions.get(e.streamId) ?? 0n;
    revisions.set(e.streamId, revision + 1n);
    return {
      id: `ev-${i}`,
      streamId: e.streamId,
      revision,
      position: BigInt(i),
      type: e.type,
      data: e.data,
      metadata: {
        correlationId: 'c',
        causationId: 'c',
        actor: e.actor ?? 'visitor',
        at: e.at ?? '2025-06-01T15:00:00.000Z',
        ...(e.administrator ? { administrator: e.administrator } : {}),
      },
    };
  });
}

/**
 * The documents the projector leaves after the batches, by id, through the runner's own batch code:
 * its own documents and its rollups' (`rollups`) apart.
 */
async function documentsAfter<E extends DomainEvent, D extends DocValue>(
  projector: Projector<E, D>,
  batches: RecordedEvent[][],
): Promise<{ documents: Record<string, DocValue>; rollups: Record<string, DocValue> }> {
  const store = new MemoryReadStore();
  const rollupIds = new Set<string>();
  const { rollups } = projector;
  const watched: Projector<E, D> = rollups
    ? {
        ...projector,
        rollups: (before, after, id) => {
          const changes = rollups(before, after, id);
          for (const c of changes) rollupIds.add(c.id);
          return changes;
        },
      }
    : projector;
  for (const batch of batches) await store.write(await projectBatch(watched, batch, store));
  const { items } = await store.find(projector.collection, { sort: [{ field: 'id', direction: 'asc' }] });
  const of = (rollup: boolean) =>
    Object.fromEntries(items.filter((i) => rollupIds.has(i.id) === rollup).map((i) => [i.id, i.doc]));
  return { documents: of(false), rollups: of(true) };
}

/**
 * A projection's specification, read as given/then:
 *
 *   await given(ordersProjector, [on('enrollment-e1', submitted('e1'))]).then({ e1: expect.objectContaining({ status: 'pending' }) });
 *
 * The events go through the runner's batch code (projectBatch) twice, as one batch and one event
 * per batch, into a fresh read store: both must leave exactly `documents`, by id, in the
 * projector's collection (asymmetric matchers allowed).
 */
export function given<E extends DomainEvent, D extends DocValue>(
  projector: Projector<E, D>,
  events: readonly GivenEvent[],
) {
  const after = async () => {
    const recorded = record(events);
    const inOneBatch = await documentsAfter(projector, [recorded]);
    const oneByOne = await documentsAfter(
      projector,
      recorded.map((e) => [e]),
    );
    expect(oneByOne, 'one event per batch leaves other documents than one batch').toEqual(inOneBatch);
    return inOneBatch;
  };
  return {
    /** The projector's own documents, its rollups apart. */
    async then(documents: Record<string, unknown>): Promise<void> {
      expect((await after()).documents).toEqual(documents);
    },
    /** Its rollup documents (`rollups`), by id. */
    async thenRollups(documents: Record<string, unknown>): Promise<void> {
      expect((await after()).rollups).toEqual(documents);
    },
  };
}
