import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { EsdbEventStore, type EsdbOptions } from '../../../platform/eventstore/esdb.js';
import {
  EventStoreUnavailableError,
  type NewEvent,
  WrongExpectedRevisionError,
} from '../../../platform/eventstore/port.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { loadConfig } from '../../../service/core/config.js';
import { FakeEventStoreDb } from '../../support/fake-esdb.js';
import {
  allEvents,
  eventually,
  freeEnrollment,
  makeFaultApp,
  seatInvariants,
  type FaultApp,
} from '../../faults/support.js';

/*
 * The EventStoreDB adapter against a fake node (tests/support/fake-esdb.ts): a gRPC server built from
 * the client package's generated service definitions, which injects the faults of a real node.
 *
 * What these tests do NOT prove: that a real EventStoreDB/KurrentDB node behaves as the fake does.
 * The fake re-implements the server's idempotence check for repeated appends, so "no duplicate" here
 * proves that the adapter retries with the same event ids and expected revision, which the server
 * documents as safe; it does not prove the server's check. Subscriptions, reads and appends are
 * the client's real code paths, but the fake has no system events, filters, clustering or TLS. The
 * contract suite (esdb.int.test.ts with EVENTSTORE_URL) runs the same adapter against a real node.
 */

const TIMEOUT_MS = 300;

let fake: FakeEventStoreDb | undefined;
let stores: { close(): Promise<void> }[] = [];
let app: FaultApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
  await fake?.stop();
  fake = undefined;
});

async function given(options: EsdbOptions = {}, scheme = 'esdb') {
  fake = await new FakeEventStoreDb().start();
  const store = new EsdbEventStore(fake.url(scheme), { timeoutMs: TIMEOUT_MS, resubscribeDelayMs: 20, ...options });
  stores.push(store);
  return { fake, store };
}

const event = (type = 'Noted', data: unknown = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', occurredAt: new Date().toISOString() } as unknown as NewEvent['metadata'],
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('EventStoreDB adapter against a fake node', () => {
  it.each(['esdb', 'kurrentdb', 'kdb'])(
    'given a %s:// URL, when events are appended, then they read back from the stream and from $all',
    async (scheme) => {
      const { store } = await given({}, scheme);
      const stream = `thing-${randomUUID()}`;
      const [a, b] = [event(), event()];

      const appended = await store.append(stream, [a, b], 'no_stream');

      expect(appended.nextExpectedRevision).toBe(1n);
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual([a.id, b.id]);
      expect((await store.readAll()).map((e) => e.id)).toEqual([a.id, b.id]);
      expect(await store.headPosition()).toBe(appended.position);
    },
  );

  it('given KurrentDB URL schemes in EVENTSTORE_URL, when the configuration is read, then they are accepted', () => {
    const base = {
      ADMIN_KEY: 'an-admin-key-long-enough',
      BOOKING_LINK_SECRET: 'a-booking-link-secret-long-enough-for-tests',
      MONGODB_URL: 'mongodb://localhost:27017',
      PAYMENTS: 'offline',
    };
    for (const url of [
      'kurrentdb://db:2113?tls=false',
      'kdb://db:2113',
      'kurrentdb+discover://db:2113',
      'kdb+discover://db:2113',
      'esdb://db:2113',
    ]) {
      expect(loadConfig({ ...base, EVENTSTORE_URL: url }).EVENTSTORE_URL).toBe(url);
    }
  });

  it('given a read that stops sending after 2 of 5 events, when the feed is read, then it fails as unavailable instead of answering 2 events', async () => {
    const { fake, store } = await given();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [event(), event(), event(), event(), event()], 'no_stream');
    fake.stallReadsAfter = 2;

    const started = Date.now();
    const readAll = await failure(store.readAll());
    const readStream = await failure(store.readStream(stream));

    expect(readAll).toBeInstanceOf(EventStoreUnavailableError);
    expect(readStream).toBeInstanceOf(EventStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(4 * TIMEOUT_MS + 1000);
  });

  it('given a read whose events trickle in, each within the time limit but all together well over it, when the feed is read, then every event is answered', async () => {
    const { fake, store } = await given();
    const stream = `thing-${randomUUID()}`;
    const events = Array.from({ length: 6 }, () => event());
    await store.append(stream, events, 'no_stream');
    fake.readEventDelayMs = TIMEOUT_MS / 2;

    const started = Date.now();
    const read = await store.readStream(stream);

    expect(Date.now() - started).toBeGreaterThan(2 * TIMEOUT_MS);
    expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('given a server-features call that never answers, when appends keep coming, then they fail as unavailable, the client is replaced, and the next append is written', async () => {
    const { fake, store } = await given();
    fake.stallServerFeatures = 1;
    const stream = `thing-${randomUUID()}`;
    const first = event();

    // Both tries of this append wait on the stalled call; the second time-out in a row replaces the client.
    expect(await failure(store.append(stream, [first], 'no_stream'))).toBeInstanceOf(EventStoreUnavailableError);
    expect(fake.serverFeatureCalls).toBe(1);

    const second = event();
    const appended = await store.append(stream, [second], 'no_stream');

    expect(appended.nextExpectedRevision).toBe(0n);
    expect(fake.serverFeatureCalls).toBe(2);
    expect(fake.stream(stream).map((e) => e.id)).toEqual([second.id]);
  });

  it('given an append committed whose answer is lost, when it is appended, then it is sent again with the same ids and expected revision and written once', async () => {
    const { fake, store } = await given();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [event()], 'no_stream');
    fake.loseAppendAnswers(1);
    const [a, b] = [event(), event()];

    const appended = await store.append(stream, [a, b], 0n);

    const tries = fake.appends.filter((x) => x.streamId === stream).slice(1);
    expect(tries.map((x) => ({ ids: x.ids, expected: x.expected, answered: x.answered }))).toEqual([
      { ids: [a.id, b.id], expected: 0n, answered: false },
      { ids: [a.id, b.id], expected: 0n, answered: true },
    ]);
    expect(fake.stream(stream)).toHaveLength(3);
    expect(appended.nextExpectedRevision).toBe(2n);
    expect(appended.position).toBe((await store.readStream(stream)).at(-1)!.position);
  });

  it('given another writer got there first, when an append with the old revision is sent, then it is refused as a conflict and not retried', async () => {
    const { fake, store } = await given();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [event()], 'no_stream');
    await store.append(stream, [event()], 0n);

    const err = await failure(store.append(stream, [event()], 0n));

    expect(err).toBeInstanceOf(WrongExpectedRevisionError);
    expect((err as WrongExpectedRevisionError).actual).toBe(1n);
    expect(fake.appends.filter((x) => x.streamId === stream)).toHaveLength(3);
  });

  it("given an append with expected revision 'any' whose answer is lost, when it is appended, then it fails as unavailable and is not sent twice (the server could not recognise it)", async () => {
    const { fake, store } = await given();
    const stream = `thing-${randomUUID()}`;
    fake.loseAppendAnswers(1);

    expect(await failure(store.append(stream, [event()], 'any'))).toBeInstanceOf(EventStoreUnavailableError);
    expect(fake.appends.filter((x) => x.streamId === stream)).toHaveLength(1);
  });

  it('given a live subscription that the server ends, when events are appended after it, then the adapter has subscribed again from the last event it saw and listeners still hear of them', async () => {
    const { fake, store } = await given();
    let heard = 0;
    store.onAppended(() => heard++);
    expect(await eventually(() => fake.subscriptions.length === 1, 5000)).toBe(true);
    const first = await store.append(`thing-${randomUUID()}`, [event()], 'no_stream');
    expect(await eventually(() => heard >= 1, 5000)).toBe(true);

    fake.endSubscriptions();
    expect(await eventually(() => fake.subscriptions.length === 2, 5000)).toBe(true);
    const before = heard;
    await store.append(`thing-${randomUUID()}`, [event()], 'no_stream');

    expect(fake.subscriptions).toEqual(['end', first.position]);
    expect(await eventually(() => heard > before, 5000)).toBe(true);
  });
});

describe('enrolling on a fake EventStoreDB node that loses answers', () => {
  it('given the answers to the seat hold and to the enrollment are lost after their commit, when a free enrollment is posted, then it succeeds once: one enrollment, one hold, the seats counted once', async () => {
    fake = await new FakeEventStoreDb().start();
    const esdb = new EsdbEventStore(fake.url(), { timeoutMs: TIMEOUT_MS });
    app = await makeFaultApp({ eventStore: validatingEventStore(esdb, eventSchemas) });
    stores.push(esdb);
    fake.loseAppendAnswers(1, /^workshop-10$/);
    fake.loseAppendAnswers(1, /^enrollment-/);

    const r = await app.post('/api/enroll/workshop/10', freeEnrollment(3));

    expect(r.status).toBe(201);
    const events = await allEvents(esdb);
    expect(events.filter((e) => e.type === 'EnrollmentSubmitted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'SeatsReserved')).toHaveLength(1);
    const inv = seatInvariants(events, '10');
    expect(inv.orphanHolds).toEqual([]);
    expect(inv.unseated).toEqual([]);
    expect(inv.taken).toBe(3);
    // Both lost answers were followed by a retry that the node answered.
    expect(fake.appends.filter((a) => !a.answered)).toHaveLength(2);
  });
});
