import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/log.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { rebuildProjection } from '../../../platform/processor/rebuild.js';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import type { CheckpointWrite, ReadStore, WriteOp } from '../../../platform/readstore/port.js';
import { type ProcessorRunnerOptions, ProcessorRunner } from '../../../platform/processor/runner.js';
import { projectBatch } from '../../../platform/processor/project-batch.js';
import { CheckpointWaiter } from '../../../platform/processor/waiter.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import { appendToy, expectedCounters, snapshot, streamCounter, toyProjectors, typeTotals } from './fixtures/toy.js';

const silent = createLogger('silent');
const runners: ProcessorRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

function runner(
  options: Partial<ProcessorRunnerOptions> & Pick<ProcessorRunnerOptions, 'eventStore' | 'readStore'>,
): ProcessorRunner {
  const r = new ProcessorRunner({ projectors: toyProjectors, pollMs: 20, standbyMs: 20, log: silent, ...options });
  runners.push(r);
  return r;
}

const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((i) => [i.id, i]));

/** A read store that records which owner's writes went through. */
function recording(inner: ReadStore): ReadStore & { writes: { owner?: string; projection?: string }[] } {
  const writes: { owner?: string; projection?: string }[] = [];
  return Object.assign(Object.create(inner) as ReadStore, {
    writes,
    async write(ops: WriteOp[], checkpoint?: CheckpointWrite) {
      await inner.write(ops, checkpoint);
      writes.push({ owner: checkpoint?.leaseOwner, projection: checkpoint?.projection });
    },
  });
}

describe('projectBatch', () => {
  it('composes several events on one document and writes it once, at the last position', async () => {
    const events = new MemoryEventStore();
    await appendToy(events, 0, 40, 3);
    const ops = await projectBatch(typeTotals, await events.readAll({ limit: 100 }), new MemoryReadStore());
    const all = ops.find((o) => o.id === 'all');
    expect(ops.filter((o) => o.id === 'all')).toHaveLength(1);
    expect(all).toMatchObject({ kind: 'put', doc: { count: 37 }, position: 39n });
  });

  it('skips events a stored document already reflects', async () => {
    const events = new MemoryEventStore();
    await appendToy(events, 0, 20, 1);
    const feed = await events.readAll({ limit: 100 });
    const store = new MemoryReadStore();
    await store.write(await projectBatch(streamCounter, feed.slice(0, 10), store));
    // The document is at position 9; replaying 0..19 must apply only 10..19.
    await store.write(await projectBatch(streamCounter, feed, store));
    const expected = await expectedCounters(events);
    expect((await store.get('counters', 's-0'))?.doc).toEqual(expected.get('s-0'));
  });
});

describe('ProcessorRunner', () => {
  it('given events, when the runner runs, then the documents are the fold of the events', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 1500, 40);
    const r = runner({ eventStore, readStore, batchSize: 200 });
    r.start();
    expect(await r.waitFor(await eventStore.headPosition(), undefined, 5000)).toBe(true);
    const docs = await snapshot(readStore, 'counters');
    const expected = await expectedCounters(eventStore);
    expect(new Map(docs.map((d) => [d.id, d.doc]))).toEqual(expected);
    expect((await readStore.get('totals', 'all'))?.doc).toEqual({ count: 1500 - Math.ceil((1500 - 5) / 13) });

    // New events wake it up.
    await appendToy(eventStore, 1500, 100, 40);
    const head = await eventStore.headPosition();
    expect(await r.waitFor(head, ['stream-counter'], 5000)).toBe(true);
    const status = await r.status();
    expect(status.map((s) => [s.name, s.checkpoint, s.lag, s.state])).toEqual([
      ['stream-counter', head, 0n, 'running'],
      ['type-totals', expect.any(BigInt), expect.any(BigInt), 'running'],
    ]);
  });

  it('moves the checkpoint over events no projection reads', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await eventStore.append(
      'x',
      [
        {
          id: '1',
          type: 'Unrelated',
          data: {},
          metadata: { correlationId: 'c', causationId: 'c', actor: 'system', at: '2024-01-01T00:00:00Z' },
        },
      ],
      'any',
    );
    const r = runner({ eventStore, readStore });
    r.start();
    expect(await r.waitFor(0n, undefined, 2000)).toBe(true);
    expect(await readStore.getCheckpoint('stream-counter')).toBe(0n);
    expect(await snapshot(readStore, 'counters')).toEqual([]);
  });

  it('replaying from the start changes nothing (idempotent by position)', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 1000, 25);
    const head = await eventStore.headPosition();
    const first = runner({ eventStore, readStore, batchSize: 150 });
    first.start();
    expect(await first.waitFor(head, undefined, 5000)).toBe(true);
    await first.stop();
    const before = [await snapshot(readStore, 'counters'), await snapshot(readStore, 'totals')];

    // Rewind the checkpoints only: every event is read and applied again.
    for (const p of toyProjectors) await readStore.write([], { projection: p.name, position: -1n });
    const again = runner({ eventStore, readStore, batchSize: 70 });
    again.start();
    expect(await again.waitFor(head, undefined, 5000)).toBe(true);
    expect([await snapshot(readStore, 'counters'), await snapshot(readStore, 'totals')]).toEqual(before);
  });

  it('a projection dropped and rebuilt gives identical documents', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 800, 30);
    const head = await eventStore.headPosition();
    const r = runner({ eventStore, readStore });
    r.start();
    expect(await r.waitFor(head, undefined, 5000)).toBe(true);
    await r.stop();
    const before = await snapshot(readStore, 'counters');

    await readStore.reset('stream-counter', ['counters']);
    expect(await snapshot(readStore, 'counters')).toEqual([]);
    const again = runner({ eventStore, readStore });
    again.start();
    expect(await again.waitFor(head, ['stream-counter'], 5000)).toBe(true);
    expect(await snapshot(readStore, 'counters')).toEqual(before);

    const rebuilt = new MemoryReadStore();
    await rebuildProjection(streamCounter, { eventStore, readStore: rebuilt, batchSize: 64 });
    expect(await snapshot(rebuilt, 'counters')).toEqual(before);
    expect(await rebuilt.getCheckpoint('stream-counter')).toBe(head);
  });

  it('with two runners on one projection, only the lease holder writes; the other takes over when it stops', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = recording(new MemoryReadStore());
    const a = runner({ eventStore, readStore, owner: 'A', batchSize: 50 });
    a.start();
    await appendToy(eventStore, 0, 100, 10);
    expect(await a.waitFor(await eventStore.headPosition(), undefined, 5000)).toBe(true);
    const b = runner({ eventStore, readStore, owner: 'B', batchSize: 50 });
    b.start();
    for (let round = 0; round < 5; round++) {
      await appendToy(eventStore, 100 + round * 100, 100, 10);
      expect(await a.waitFor(await eventStore.headPosition(), undefined, 5000)).toBe(true);
    }
    expect(new Set(readStore.writes.map((w) => w.owner))).toEqual(new Set(['A']));
    expect((await b.status()).map((s) => s.state)).toEqual(['standby', 'standby']);

    await a.stop();
    readStore.writes.length = 0;
    await appendToy(eventStore, 600, 200, 10);
    expect(await b.waitFor(await eventStore.headPosition(), undefined, 5000)).toBe(true);
    expect(new Set(readStore.writes.map((w) => w.owner))).toEqual(new Set(['B']));
    expect(new Map((await snapshot(readStore, 'counters')).map((d) => [d.id, d.doc]))).toEqual(
      await expectedCounters(eventStore),
    );
  });

  it('stop finishes the current batch and stops at a checkpoint', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = recording(new MemoryReadStore());
    await appendToy(eventStore, 0, 5000, 50);
    const r = runner({ eventStore, readStore, batchSize: 100 });
    let batches = 0;
    const stopped = new Promise<void>((resolve) => {
      r.onProgress(() => {
        if (++batches === 3) resolve();
      });
    });
    r.start();
    await stopped;
    await r.stop();
    const writes = readStore.writes.length;
    const checkpoint = await readStore.getCheckpoint('stream-counter');
    expect(checkpoint).toBeGreaterThanOrEqual(99n);
    expect(checkpoint).toBeLessThan(4999n);
    expect((checkpoint + 1n) % 100n).toBe(0n);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readStore.writes.length).toBe(writes);
    // The lease was released: another runner takes over at once.
    expect(await readStore.acquireLease('stream-counter', 'other', 1000)).toBe(true);
  });

  it('logs store errors and retries with backoff instead of crashing', async () => {
    const eventStore = new MemoryEventStore();
    const inner = new MemoryReadStore();
    let failures = 3;
    const flaky: ReadStore = Object.assign(Object.create(inner) as ReadStore, {
      async write(ops: WriteOp[], checkpoint?: CheckpointWrite) {
        if (failures-- > 0) throw new Error('disk hiccup');
        return inner.write(ops, checkpoint);
      },
    });
    const lines: string[] = [];
    await appendToy(eventStore, 0, 300, 10);
    const r = runner({
      eventStore,
      readStore: flaky,
      projectors: [streamCounter],
      log: createLogger('warn', (l) => lines.push(l)),
    });
    r.start();
    expect(await r.waitFor(await eventStore.headPosition(), undefined, 5000)).toBe(true);
    expect(lines.filter((l) => l.includes('retrying'))).toHaveLength(3);
    expect(new Map((await snapshot(inner, 'counters')).map((d) => [d.id, d.doc]))).toEqual(
      await expectedCounters(eventStore),
    );
  });

  it('a rebuild while the runner runs keeps the old documents served and ends identical to a clean rebuild', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 3000, 50);
    const live = runner({ eventStore, readStore, batchSize: 100 });
    live.start();
    expect(await live.waitFor(await eventStore.headPosition(), undefined, 5000)).toBe(true);

    let appending = true;
    let next = 3000;
    const appender = (async () => {
      while (appending) {
        await appendToy(eventStore, next, 20, 50);
        next += 20;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const served: number[] = [];
    const result = await rebuildProjection(streamCounter, {
      eventStore,
      readStore,
      batchSize: 50,
      onProgress: () => {
        void readStore.findWithTotal('counters', { limit: 1 }).then((r) => served.push(r.total));
      },
    });
    appending = false;
    await appender;
    expect(result.events).toBeGreaterThanOrEqual(3000);
    expect(served.length).toBeGreaterThan(10);
    expect(served.every((n) => n > 0)).toBe(true);

    const head = await eventStore.headPosition();
    expect(await live.waitFor(head, undefined, 5000)).toBe(true);
    const clean = new MemoryReadStore();
    await rebuildProjection(streamCounter, { eventStore, readStore: clean });
    expect(await snapshot(readStore, 'counters')).toEqual(await snapshot(clean, 'counters'));
    expect(byId(await snapshot(readStore, 'counters')).size).toBe((await expectedCounters(eventStore)).size);
    expect([...(await readStore.listCheckpoints()).keys()]).toEqual(['stream-counter', 'type-totals']);
  });
});

describe('CheckpointWaiter', () => {
  it('sees checkpoints written by another process by polling the read store', async () => {
    const readStore = new MemoryReadStore();
    const waiter = new CheckpointWaiter({ readStore, names: ['a', 'b'], pollMs: 5 });
    const waiting = waiter.waitFor(10n, undefined, 2000);
    await readStore.write([], { projection: 'a', position: 10n });
    setTimeout(() => void readStore.write([], { projection: 'b', position: 12n }), 30);
    expect(await waiting).toBe(true);
    expect(await waiter.waitFor(12n, ['b'], 10)).toBe(true);
    expect(await waiter.waitFor(13n, ['b'], 50)).toBe(false);
    expect(await waiter.waitFor(-1n, ['never-ran'], 10)).toBe(true);
    waiter.close();
  });

  it('answers at once from checkpoints observed in this process', async () => {
    const waiter = new CheckpointWaiter({ readStore: new MemoryReadStore(), names: ['a'], pollMs: 10_000 });
    const waiting = waiter.waitFor(5n, undefined, 1000);
    waiter.observe('a', 5n);
    expect(await waiting).toBe(true);
    waiter.close();
  });
});

describe('ProcessorRunner with reactors', () => {
  type Toy = { type: 'Ticked'; data: { n: number } } | { type: 'Closed'; data: { n: number } };
  const handled: { position: bigint; causation: string; key: string }[] = [];

  /** A reactor on Closed events that fails `failures` times on the first one it sees. */
  const closer = (failures = 0) =>
    defineReactor<Toy>({
      name: 'closer',
      eventTypes: ['Closed'],
      async handle(event, context) {
        if (failures-- > 0) throw new Error('mail server down');
        handled.push({
          position: event.position,
          causation: context.metadata.causationId,
          key: context.idempotencyKey,
        });
      },
    });
  afterEach(() => {
    handled.length = 0;
  });

  it('given events, then the reactor handles each of its events once, in feed order, with metadata caused by the event and a key from its position', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 400, 10);
    const closed = (await eventStore.readAll({ limit: 1000 })).filter((e) => e.type === 'Closed');
    const r = runner({ eventStore, readStore, projectors: [], reactors: [closer()], batchSize: 64 });
    r.start();
    expect(await r.waitFor(await eventStore.headPosition(), ['closer'], 5000)).toBe(true);
    expect(handled).toEqual(
      closed.map((e) => ({ position: e.position, causation: e.id, key: `closer@${e.position}` })),
    );
    expect(await readStore.getCheckpoint('closer')).toBe(await eventStore.headPosition());
  });

  it('given a reaction that fails, then it is retried and the events after it wait: none is skipped, none handled out of order', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 400, 10);
    const closed = (await eventStore.readAll({ limit: 1000 })).filter((e) => e.type === 'Closed');
    const lines: string[] = [];
    const r = runner({
      eventStore,
      readStore,
      projectors: [],
      reactors: [closer(2)],
      log: createLogger('warn', (l) => lines.push(l)),
    });
    r.start();
    expect(await r.waitFor(await eventStore.headPosition(), ['closer'], 5000)).toBe(true);
    expect(handled.map((h) => h.position)).toEqual(closed.map((e) => e.position));
    expect(lines.filter((l) => l.includes('reactor batch failed; retrying'))).toHaveLength(2);
  });

  it('given a checkpoint written after each handled event, when a runner stops midway and another starts, then it starts after the last event handled, not at the batch', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await appendToy(eventStore, 0, 400, 10);
    const closed = (await eventStore.readAll({ limit: 1000 })).filter((e) => e.type === 'Closed');
    // The second reaction fails until the first runner is gone: its checkpoint stays at the first.
    let down = true;
    const flaky = defineReactor<Toy>({
      name: 'closer',
      eventTypes: ['Closed'],
      async handle(event) {
        if (down && event.position !== closed[0]!.position) throw new Error('down');
        handled.push({ position: event.position, causation: '', key: '' });
      },
    });
    const first = runner({ eventStore, readStore, projectors: [], reactors: [flaky], owner: 'first' });
    first.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await first.stop();
    expect(await readStore.getCheckpoint('closer')).toBe(closed[0]!.position);
    down = false;
    const second = runner({ eventStore, readStore, projectors: [], reactors: [flaky], owner: 'second' });
    second.start();
    expect(await second.waitFor(await eventStore.headPosition(), ['closer'], 5000)).toBe(true);
    expect(handled.map((h) => h.position)).toEqual(closed.map((e) => e.position));
  });

  it('with two runners, only the lease holder reacts; the other takes over when it stops', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const seen: string[] = [];
    const named = (owner: string) =>
      defineReactor<Toy>({ name: 'closer', eventTypes: ['Closed'], handle: async () => void seen.push(owner) });
    const a = runner({ eventStore, readStore, projectors: [], reactors: [named('A')], owner: 'A' });
    a.start();
    await appendToy(eventStore, 0, 200, 10);
    expect(await a.waitFor(await eventStore.headPosition(), ['closer'], 5000)).toBe(true);
    const b = runner({ eventStore, readStore, projectors: [], reactors: [named('B')], owner: 'B' });
    b.start();
    await appendToy(eventStore, 200, 200, 10);
    expect(await a.waitFor(await eventStore.headPosition(), ['closer'], 5000)).toBe(true);
    expect(new Set(seen)).toEqual(new Set(['A']));
    await a.stop();
    seen.length = 0;
    await appendToy(eventStore, 400, 200, 10);
    expect(await b.waitFor(await eventStore.headPosition(), ['closer'], 5000)).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['B']));
  });
});
