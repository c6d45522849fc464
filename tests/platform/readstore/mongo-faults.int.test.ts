import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'mongodb';
import { MongoReadStore } from '../../../platform/readstore/mongo.js';
import { ReadStoreUnavailableError } from '../../../platform/readstore/port.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { seedCatalogue } from '../../../service/catalogue/seed.js';
import { allProjectors } from '../../../projections/index.js';
import { scheduleProjector } from '../../../projections/catalogue/schedule.js';
import type { Projector } from '../../../platform/processor/projector.js';
import { rebuildProjection } from '../../../platform/processor/rebuild.js';
import { ProcessorRunner } from '../../../platform/processor/runner.js';
import { createLogger } from '../../../platform/log.js';
import { holdTimer } from '../../../service/enrollment/sale/hold-timer.js';
import { tickerOf } from '../../support/timers.js';
import { FakeMongoServer, type RecordedCommand } from '../../support/fake-mongo.js';
import { ADMIN_KEY, eventually, makeFaultApp, type FaultApp } from '../../faults/support.js';

/*
 * The MongoDB adapter against a fake server (tests/support/fake-mongo.ts) that speaks the driver's
 * wire protocol, records every command and injects server errors.
 *
 * What these tests do NOT prove: the fake stores and executes nothing. They prove which commands
 * the real driver sends for the adapter (the indexes created and on which collections, that no count
 * is sent when no total is needed, the order of a reset) and that the error codes of a restarting or
 * stepping-down server become 503. They do not prove that MongoDB chooses these indexes, keeps them
 * through renameCollection, or what it answers; mongo.int.test.ts runs the contract on a real server
 * when MONGODB_URL is set.
 */

let fake: FakeMongoServer | undefined;
let store: MongoReadStore | undefined;
let app: FaultApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  await store?.close();
  store = undefined;
  await fake?.stop();
  fake = undefined;
});

async function given() {
  fake = await new FakeMongoServer().start();
  store = await MongoReadStore.connect(fake.url(), 'school', { timeoutMs: 1000 });
  return { fake, store };
}

/**
 * The fake keeps no lease table: it grants every lease to whoever asks. The adapter takes a lease
 * with one findAndModify whose update pipeline sets `owner` to `{ $cond: [canTake, { $literal: owner }, '$owner'] }`.
 */
function grantLeases(server: FakeMongoServer): void {
  server.reply('findAndModify', (body) => {
    const owner = (body.update as Document[])[0]!.$set.owner.$cond[1].$literal as string;
    return { value: { _id: (body.query as Document)._id, owner }, lastErrorObject: { n: 1, updatedExisting: true } };
  });
}

const named = (commands: RecordedCommand[], name: string) => commands.filter((c) => c.name === name);
const counts = (commands: RecordedCommand[]) =>
  commands.filter(
    (c) => c.name === 'count' || (c.name === 'aggregate' && JSON.stringify(c.body.pipeline).includes('$group')),
  );

/** The index key entries created on a collection. */
const indexesOn = (commands: RecordedCommand[], collection: string): [string, number][][] =>
  named(commands, 'createIndexes')
    .filter((c) => c.body.createIndexes === collection)
    .flatMap((c) => (c.body.indexes as { key: Record<string, number> }[]).map((i) => Object.entries(i.key)));

/**
 * Whether an index serves a find: its keys are the query's equality fields (in any order), then its
 * sort fields in order, all in the sort's directions or all reversed. Queries on _id use the _id index.
 */
function served(find: Document, indexes: [string, number][][]): boolean {
  const equalities = ((find.filter?.$and ?? []) as Document[])
    .map((clause) => Object.keys(clause)[0]!)
    .filter((field) => field !== 'doc' && field !== '$or');
  if (equalities.includes('_id') || Object.keys(find.filter ?? {}).includes('_id')) return true;
  const sort = Object.entries((find.sort ?? {}) as Record<string, number>);
  return indexes.some((keys) => {
    const head = keys.slice(0, equalities.length).map(([k]) => k);
    if (head.length !== equalities.length || !equalities.every((f) => head.includes(f))) return false;
    const rest = keys.slice(equalities.length);
    const same = sort.every(([k, d], i) => rest[i]?.[0] === k && rest[i]?.[1] === d);
    const reversed = sort.every(([k, d], i) => rest[i]?.[0] === k && rest[i]?.[1] === -d);
    return same || reversed;
  });
}

describe('MongoDB adapter against a fake server: indexes', () => {
  it('given the app on MongoDB, when the tracker, the inbox, the catalogue, the order page and the hold timer run their queries, then the runner has created an index that serves each one', async () => {
    const { fake, store } = await given();
    grantLeases(fake);
    app = await makeFaultApp({ readStore: store, seed: false });
    const projected = allProjectors.filter((p) => p.indexes?.length).map((p) => p.collection);
    expect(await eventually(() => projected.every((c) => indexesOn(fake.commands, c).length > 0), 10_000)).toBe(true);

    const admin = { 'Admin-Key': ADMIN_KEY };
    const before = fake.commands.length;
    for (const path of [
      '/api/admin/enrollments',
      '/api/admin/enrollments?status=pending',
      '/api/admin/enrollments?status=completed',
      '/api/admin/enrollments?status=unpaid&page=2&pageSize=10',
      '/api/admin/enrollments?q=tea',
      '/api/admin/enrollments?workshopId=6',
      '/api/admin/enrollments?q=ann%40example.com',
      '/api/admin/dashboard/day',
      '/api/admin/enrollments/export.csv?status=pending',
      '/api/admin/inquiries',
      '/api/programs',
      '/api/programs/executive-edge',
      '/api/workshops',
      '/api/orders/ORD-123',
    ]) {
      const r = await app.get(path, admin);
      expect(r.status, path).toBeLessThan(500);
    }
    const timer = tickerOf(holdTimer(app.deps), app.deps, 'test-timer');
    await timer.tick();
    await timer.stop();

    const queries = named(fake.commands.slice(before), 'find').filter((c) => !String(c.body.find).startsWith('_'));
    const collections = new Set(queries.map((q) => String(q.body.find)));
    expect([...collections].sort()).toEqual([
      // The office's reads of personal data are logged (each day's log read as it is appended to).
      'access-log',
      // A whole e-mail address: one read by _id.
      'enrollment-emails',
      'enrollments',
      'inquiries',
      'orders',
      'programs',
      'schedule',
      'seat-holds',
    ]);
    const unserved = queries.filter((q) => !served(q.body, indexesOn(fake.commands, String(q.body.find))));
    expect(unserved.map((q) => ({ collection: q.body.find, filter: q.body.filter, sort: q.body.sort }))).toEqual([]);
  });

  it('given the enrollments projection, when its indexes are ensured, then each is created with the sort tie-break on _id', async () => {
    const { fake, store } = await given();
    const enrollments = allProjectors.find((p) => p.name === 'enrollments')!;

    await store.ensureIndexes(enrollments.collection, enrollments.indexes!);

    expect(indexesOn(fake.commands, 'enrollments')).toEqual([
      [
        ['doc.seq', -1],
        ['_id', 1],
      ],
      [
        ['doc.status', 1],
        ['doc.seq', -1],
        ['_id', 1],
      ],
      [
        ['doc.paymentStatus', 1],
        ['doc.seq', -1],
        ['_id', 1],
      ],
      [
        ['doc.status', 1],
        ['doc.paymentStatus', 1],
        ['doc.seq', -1],
        ['_id', 1],
      ],
      [
        ['doc.workshopId', 1],
        ['doc.seq', -1],
        ['_id', 1],
      ],
      [
        ['doc.balanceOpen', 1],
        ['doc.balanceDueAt', 1],
        ['_id', 1],
      ],
    ]);
  });

  it('given a rebuild on MongoDB, when it swaps the shadow in, then the shadow got the indexes after it was built and before it was renamed over the live collection', async () => {
    const { fake, store } = await given();
    grantLeases(fake);
    const events = validatingEventStore(new MemoryEventStore(), eventSchemas);
    await seedCatalogue(events, new Date('2025-05-01T12:00:00Z'));

    await rebuildProjection(scheduleProjector as unknown as Projector, { eventStore: events, readStore: store });

    const sent = fake.sent();
    const lastShadowWrite = sent.findLastIndex((c) => c.name === 'update' && c.body.update === 'schedule__rebuild');
    const indexed = sent.findIndex((c) => c.name === 'createIndexes' && c.body.createIndexes === 'schedule__rebuild');
    const renamed = sent.findIndex((c) => c.name === 'renameCollection');
    expect(lastShadowWrite).toBeGreaterThan(-1);
    expect(indexed).toBeGreaterThan(lastShadowWrite);
    expect(renamed).toBeGreaterThan(indexed);
    expect(sent[renamed]!.body).toMatchObject({
      renameCollection: 'school.schedule__rebuild',
      to: 'school.schedule',
      dropTarget: true,
    });
    expect(indexesOn(sent, 'schedule__rebuild')).toEqual([
      [
        ['doc.date', 1],
        ['_id', 1],
      ],
    ]);
  });

  it('given a runner that regains its lease (say after a rebuild swapped a collection in), when it runs again, then it ensures the live indexes again', async () => {
    const { fake, store } = await given();
    grantLeases(fake);
    const events = validatingEventStore(new MemoryEventStore(), eventSchemas);
    const runner = new ProcessorRunner({
      eventStore: events,
      readStore: store,
      projectors: [scheduleProjector as unknown as Projector],
      log: createLogger('silent'),
      standbyMs: 20,
    });
    runner.start();
    expect(await eventually(() => indexesOn(fake.commands, 'schedule').length === 1, 5000)).toBe(true);

    // Another owner takes the lease: the runner's next write fails, it stands by, then takes it back.
    fake.reply('update', (body) =>
      body.update === '_leases' ? { n: 0, nModified: 0 } : { n: (body.updates as unknown[]).length },
    );
    await seedCatalogue(events, new Date('2025-05-01T12:00:00Z'));
    expect(await eventually(() => named(fake.commands, 'abortTransaction').length > 0, 5000)).toBe(true);
    fake.reply('update', (body) => ({
      n: (body.updates as unknown[]).length,
      nModified: (body.updates as unknown[]).length,
    }));

    // At least once more: the lease may be lost and regained more than once while the fake refuses.
    expect(await eventually(() => indexesOn(fake.commands, 'schedule').length >= 2, 5000)).toBe(true);
    await runner.stop();
  });
});

describe('MongoDB adapter against a fake server: counting', () => {
  it('given callers that show no total, when the hold timer ticks, the CSV is exported and the unpaged tracker list is read, then no count is sent', async () => {
    const { fake, store } = await given();
    grantLeases(fake);
    app = await makeFaultApp({ readStore: store, seed: false });
    const before = fake.commands.length;

    const timer = tickerOf(holdTimer(app.deps), app.deps, 'test-timer');
    await timer.tick();
    await timer.stop();
    expect((await app.get('/api/admin/enrollments/export.csv', { 'Admin-Key': ADMIN_KEY })).status).toBe(200);
    const list = await app.get('/api/admin/enrollments', { 'Admin-Key': ADMIN_KEY });
    expect(list.headers.get('x-total-count')).toBe('0');

    const sent = fake.commands.slice(before);
    expect(named(sent, 'find').length).toBeGreaterThanOrEqual(5);
    expect(counts(sent)).toEqual([]);
  });

  it('given a paged list past its first page, when it is read with its total, then one count is sent with the same filter', async () => {
    const { fake, store } = await given();

    const r = await store.findWithTotal('enrollments', {
      where: { status: 'pending' },
      sort: [{ field: 'seq', direction: 'desc' }],
      offset: 20,
      limit: 10,
    });

    expect(r).toEqual({ items: [], total: 0 });
    const [count] = counts(fake.sent());
    expect(count?.body.pipeline[0]).toEqual({ $match: named(fake.sent(), 'find')[0]!.body.filter });
  });
});

describe('MongoDB adapter against a fake server: reset', () => {
  it('given a projection with two collections, when it is reset, then its checkpoint is deleted before the collections are dropped', async () => {
    const { fake, store } = await given();

    await store.reset('tracker', ['enrollments', 'enrollment-history']);

    expect(fake.sent().map((c) => [c.name, c.body[c.name]])).toEqual([
      ['delete', '_checkpoints'],
      ['drop', 'enrollments'],
      ['drop', 'enrollment-history'],
    ]);
    expect(fake.sent()[0]!.body.deletes).toEqual([{ q: { _id: 'tracker' }, limit: 1 }]);
  });
});

describe('MongoDB adapter against a fake server: outages', () => {
  const OUTAGES: [number, string][] = [
    [91, 'ShutdownInProgress'],
    [189, 'PrimarySteppedDown'],
    [10107, 'NotWritablePrimary'],
    [13435, 'NotPrimaryNoSecondaryOk'],
    [11600, 'InterruptedAtShutdown'],
    [11602, 'InterruptedDueToReplStateChange'],
    [13436, 'NotPrimaryOrSecondary'],
  ];

  // Each case waits about a second for the driver to look at the server again after the error, so
  // the cases run at once, each on a fake server and a store of its own.
  it.concurrent.for(OUTAGES)(
    'given a server that answers reads and writes with %i %s, when the store is used, then it fails with ReadStoreUnavailableError',
    async ([code, codeName], { expect }) => {
      const fake = await new FakeMongoServer().start();
      const store = await MongoReadStore.connect(fake.url(), 'school', { timeoutMs: 1000 }).catch(async (e) => {
        await fake.stop();
        throw e;
      });
      try {
        fake.fail('find', { code, codeName });
        fake.fail('update', { code, codeName });

        expect(await store.find('schedule').catch((e: unknown) => e)).toBeInstanceOf(ReadStoreUnavailableError);
        expect(
          await store
            .write([{ kind: 'put', collection: 'schedule', id: 'w1', doc: {}, position: 1n }])
            .catch((e: unknown) => e),
        ).toBeInstanceOf(ReadStoreUnavailableError);
      } finally {
        await store.close();
        await fake.stop();
      }
    },
  );

  it('given a server that drops the connection on every read, when the store reads, then it fails with ReadStoreUnavailableError', async () => {
    const { fake, store } = await given();
    fake.fail('find', 'close');

    expect(await store.find('schedule').catch((e: unknown) => e)).toBeInstanceOf(ReadStoreUnavailableError);
  });

  it('given a connection dropped on every write, when a batch is written in a transaction, then it fails as unavailable within seconds instead of being retried for two minutes', async () => {
    const { fake, store } = await given();
    fake.fail('update', 'close');

    const started = Date.now();
    const err = await store
      .write([{ kind: 'put', collection: 'schedule', id: 'w1', doc: {}, position: 1n }], {
        projection: 'schedule',
        position: 1n,
      })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ReadStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Tried three times in all, each in its own transaction.
    expect(named(fake.commands, 'update').filter((c) => c.body.update === 'schedule')).toHaveLength(3);
  });

  it('given a server that is gone, when the store reads, then it fails with ReadStoreUnavailableError within the selection time-out', async () => {
    const { fake, store } = await given();
    await fake.stop();

    const started = Date.now();
    expect(await store.getCheckpoint('schedule').catch((e: unknown) => e)).toBeInstanceOf(ReadStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('given a server error that is not an outage (BadValue), when the store reads, then it is not disguised as unavailable', async () => {
    const { fake, store } = await given();
    fake.fail('find', { code: 2, codeName: 'BadValue' });

    const err = await store.find('schedule').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ReadStoreUnavailableError);
  });

  it('given the app on a MongoDB primary that steps down, when a visitor opens the schedule and the administrator the tracker, then both answer 503 unavailable with Retry-After', async () => {
    const { fake, store } = await given();
    app = await makeFaultApp({ readStore: store, seed: false });
    fake.fail('find', { code: 189, codeName: 'PrimarySteppedDown' });

    for (const r of [
      await app.get('/api/workshops'),
      await app.get('/api/admin/enrollments', { 'Admin-Key': ADMIN_KEY }),
    ]) {
      expect(r.status).toBe(503);
      expect(((await r.json()) as { code: string }).code).toBe('unavailable');
      expect(r.headers.get('retry-after')).toBe('5');
    }
  });
});
