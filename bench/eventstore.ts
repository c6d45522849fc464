import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventMetadata } from '../contracts/core/events.js';
import type { NewEvent } from '../platform/eventstore/port.js';
import { SqliteEventStore } from '../platform/eventstore/sqlite.js';

const metadata: EventMetadata = {
  correlationId: 'bench',
  causationId: 'bench',
  actor: 'system',
  at: '2025-01-01T00:00:00.000Z',
};

const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'BenchEventRecorded',
  data: { i, name: 'Évelyne', seats: 2, note: 'a typical small event body' },
  metadata,
});

const perSecond = (count: number, ms: number): number => Math.round((count / ms) * 1000);

/** One writer awaiting every single-event append: the latency-bound case (one fsync each). */
async function sequentialAppends(store: SqliteEventStore, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await store.append(`seq-${i % 50}`, [event(i)], 'any');
  return perSecond(count, performance.now() - started);
}

/** `writers` independent streams, each append awaited, with optimistic concurrency: group commit shares the fsync. */
async function concurrentAppends(store: SqliteEventStore, writers: number, perWriter: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let expected: bigint | 'no_stream' = 'no_stream';
      for (let i = 0; i < perWriter; i++) {
        expected = (await store.append(`writer-${w}`, [event(i)], expected)).nextExpectedRevision;
      }
    }),
  );
  return perSecond(writers * perWriter, performance.now() - started);
}

/** Events per second when each append carries `size` events. */
async function batchedAppends(store: SqliteEventStore, batches: number, size: number): Promise<number> {
  const run = randomUUID();
  const started = performance.now();
  for (let b = 0; b < batches; b++) {
    await store.append(
      `batch-${run}-${b}`,
      Array.from({ length: size }, (_, i) => event(i)),
      'no_stream',
    );
  }
  return perSecond(batches * size, performance.now() - started);
}

async function readAllThroughput(store: SqliteEventStore, total: number, page: number): Promise<number> {
  const head = await store.headPosition();
  if (head + 1n < BigInt(total)) await batchedAppends(store, Math.ceil((total - Number(head + 1n)) / 100), 100);
  const started = performance.now();
  let after = -1n;
  let read = 0;
  while (read < total) {
    const events = await store.readAll({ after, limit: Math.min(page, total - read) });
    if (events.length === 0) break;
    read += events.length;
    after = events[events.length - 1]!.position;
  }
  return perSecond(read, performance.now() - started);
}

export async function benchEventStore(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-eventstore-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  try {
    return {
      'sqlite single append, 1 writer (appends/s)': await sequentialAppends(store, 3000),
      'sqlite single append, 32 writers (appends/s)': await concurrentAppends(store, 32, 300),
      'sqlite batched append, 100 events/append (events/s)': await batchedAppends(store, 300, 100),
      'sqlite readAll 100,000 events, pages of 1000 (events/s)': await readAllThroughput(store, 100_000, 1000),
      'sqlite durability':
        'WAL, synchronous=NORMAL, the log fsynced on the thread pool before an append settles, group commit',
    };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchEventStore();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
