import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NewEvent } from '../platform/eventstore/port.js';
import { SqliteEventStore } from '../platform/eventstore/sqlite.js';
import { defineProjector } from '../platform/processor/projector.js';
import type { Query, WriteOp } from '../platform/readstore/port.js';
import { rebuildProjection } from '../platform/processor/rebuild.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import { ProcessorRunner } from '../platform/processor/runner.js';
import { createLogger } from '../platform/log.js';

const EVENTS = 100_000;
const STREAMS = 1000;

/** The simplest useful projection: events per stream. */
const perStreamCounter = defineProjector<{ type: 'Ticked'; data: { n: number } }, { count: number; total: number }>({
  name: 'bench-counter',
  collection: 'bench_counters',
  eventTypes: ['Ticked'],
  keys: (e) => [e.streamId],
  project: (doc, e) => ({ count: (doc?.count ?? 0) + 1, total: (doc?.total ?? 0) + e.data.n }),
});

const metadata = {
  correlationId: 'bench',
  causationId: 'bench',
  actor: 'system' as const,
  at: '2025-01-01T00:00:00.000Z',
};

/** One append per stream per round, all in one turn of the event loop, so the store commits each round at once. */
async function seed(store: SqliteEventStore): Promise<void> {
  const round = 10_000;
  for (let start = 0; start < EVENTS; start += round) {
    const byStream = new Map<string, NewEvent[]>();
    for (let k = start; k < start + round; k++) {
      const streamId = `bench-${k % STREAMS}`;
      let list = byStream.get(streamId);
      if (!list) byStream.set(streamId, (list = []));
      list.push({ id: `e${k}`, type: 'Ticked', data: { n: k % 10 }, metadata });
    }
    await Promise.all([...byStream].map(([streamId, events]) => store.append(streamId, events, 'any')));
  }
}

/** Median time of each admin-tracker-like query over 10,000 documents. */
async function benchFind(readStore: SqliteReadStore): Promise<Record<string, number>> {
  const statuses = ['pending', 'confirmed', 'cancelled', 'expired'];
  const ops: WriteOp[] = [];
  for (let i = 0; i < 10_000; i++) {
    const doc = {
      status: statuses[i % 4],
      workshopId: `w-${i % 20}`,
      parentName: `Parent Number${i} Smith`,
      email: `p${i}@example.com`,
      submittedAt: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
      notes: 'x'.repeat(200),
    };
    ops.push({ kind: 'put', collection: 'bench_find', id: `enr-${i}`, position: BigInt(i), doc });
  }
  await readStore.write(ops);
  const fields = ['parentName', 'email', 'id'];
  const sort = [{ field: 'submittedAt', direction: 'desc' as const }];
  const queries: Record<string, Query> = {
    filter_search_sort_page: {
      where: { status: ['pending', 'confirmed'] },
      search: { text: 'number12', fields },
      sort,
      offset: 20,
      limit: 20,
    },
    search_matching_all: { search: { text: 'smith', fields }, sort, offset: 20, limit: 20 },
    filter_sort_page: { where: { status: 'confirmed' }, sort, offset: 40, limit: 20 },
  };
  const out: Record<string, number> = {};
  for (const [name, q] of Object.entries(queries)) {
    const runs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      await readStore.find('bench_find', q);
      runs.push(performance.now() - t);
    }
    runs.sort((a, b) => a - b);
    out[`find_10k.${name}_ms`] = Number(runs[10]!.toFixed(1));
  }
  return out;
}

/**
 * Rebuild throughput: 100,000 events over 1,000 streams from a SQLite event store into a SQLite
 * read store, and the live runner catching up over the same feed with its smaller batches. The
 * event store is read without the validating wrapper, so zod's cost is not counted.
 */
export async function benchProjections(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-projections-'));
  const events = new SqliteEventStore(join(dir, 'events.db'));
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  try {
    let t = performance.now();
    await seed(events);
    const seedMs = performance.now() - t;

    const rebuilt = await rebuildProjection(perStreamCounter, { eventStore: events, readStore });
    const docs = (await readStore.findWithTotal(perStreamCounter.collection, { limit: 1 })).total;

    await readStore.reset(perStreamCounter.name, [perStreamCounter.collection]);
    const runner = new ProcessorRunner({
      eventStore: events,
      readStore,
      projectors: [perStreamCounter],
      log: createLogger('silent'),
    });
    t = performance.now();
    runner.start();
    await runner.waitFor(BigInt(EVENTS - 1), undefined, 120_000);
    const runnerMs = performance.now() - t;
    await runner.stop();

    return {
      ...(await benchFind(readStore)),
      'projections.events': EVENTS,
      'projections.documents': docs,
      'projections.seed_ms': Math.round(seedMs),
      'projections.rebuild_ms': Math.round(rebuilt.ms),
      'projections.rebuild_events_per_s': Math.round((EVENTS / rebuilt.ms) * 1000),
      'projections.runner_catch_up_events_per_s': Math.round((EVENTS / runnerMs) * 1000),
    };
  } finally {
    await readStore.close();
    await events.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchProjections();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
