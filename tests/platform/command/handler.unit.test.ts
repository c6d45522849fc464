import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { CommandHandler, decision, StreamBusyError, type StreamPolicy } from '../../../platform/command/handler.js';
import {
  workshopDecider,
  type WorkshopCommand,
  type WorkshopState,
} from '../../../service/catalogue/workshop-decider.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { WrongExpectedRevisionError } from '../../../platform/eventstore/port.js';
import type { EventMetadata } from '../../../contracts/core/events.js';

const md: EventMetadata = { correlationId: 'c', causationId: 'c', actor: 'visitor', at: '2025-05-01T15:00:00.000Z' };
const workshop = { ...SEED_WORKSHOPS[3]!, id: 'w', capacity: 3 };
const reserve = (enrollmentId: string) => (): WorkshopCommand => ({
  type: 'ReserveSeats',
  workshopId: 'w',
  enrollmentId,
  seats: 1,
  expiresAt: md.at,
  at: md.at,
});

/** A handler whose workshop streams are hot (cached, batched), as the enrollment slice's are. */
const hot = (store: MemoryEventStore, policy: StreamPolicy = {}) => {
  const handler = new CommandHandler(store, [{ decider: workshopDecider, cache: true, ...policy }]);
  return {
    execute: (streamId: string, plan: (s: WorkshopState) => WorkshopCommand, metadata: EventMetadata) =>
      handler.handle(workshopDecider, streamId, plan, metadata),
  };
};

/** Another process's handler, or the administrator's: no cache, one command at a time. */
const elsewhere = (store: MemoryEventStore) => {
  const handler = new CommandHandler(store);
  return (streamId: string, command: WorkshopCommand) => handler.handle(workshopDecider, streamId, command, md);
};

async function setUp(refusalStalenessMs?: number) {
  const store = new MemoryEventStore();
  await store.append(
    'workshop-w',
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata: md }],
    'no_stream',
  );
  return { store, writer: hot(store, { refusalStalenessMs }) };
}

describe('command handler, hot streams', () => {
  it('given 5 concurrent holds on 3 seats, when written, then one append carries the 3 that fit and 2 are refused', async () => {
    const { store, writer } = await setUp();
    let appends = 0;
    const append = store.append.bind(store);
    store.append = (...args) => (appends++, append(...args));
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd', 'e'].map((id) => writer.execute('workshop-w', reserve(id), md)),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(appends).toBe(1);
    expect((await store.readStream('workshop-w')).filter((e) => e.type === 'SeatsReserved')).toHaveLength(3);
  });

  it('given a cached state made stale by another writer, when a hold is written, then the conflict is retried against fresh state', async () => {
    const { store, writer } = await setUp();
    await writer.execute('workshop-w', reserve('a'), md);
    // Someone else (the administrator's handler) takes the two remaining seats.
    for (const id of ['x', 'y']) await elsewhere(store)('workshop-w', reserve(id)());
    await expect(writer.execute('workshop-w', reserve('b'), md)).rejects.toMatchObject({
      refusal: { code: 'seats_short', left: 0 },
    });
    expect((await store.readStream('workshop-w')).filter((e) => e.type === 'SeatsReserved')).toHaveLength(3);
  });

  it('given a cached full workshop whose capacity another writer raised, when a hold would be refused from an old cache, then it is decided again on fresh state and succeeds', async () => {
    const { store, writer } = await setUp(0);
    for (const id of ['a', 'b', 'c']) await writer.execute('workshop-w', reserve(id), md);
    await elsewhere(store)('workshop-w', { type: 'UpdateWorkshop', workshop: { ...workshop, capacity: 4 } });
    const result = await writer.execute('workshop-w', reserve('d'), md);
    expect(result.events.map((e) => e.type)).toEqual(['SeatsReserved']);
  });

  it('given a cache confirmed a moment ago, when holds are refused, then the stream is not read again', async () => {
    const { store, writer } = await setUp(60_000);
    for (const id of ['a', 'b', 'c']) await writer.execute('workshop-w', reserve(id), md);
    let reads = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = (...args) => (reads++, readStream(...args));
    await Promise.allSettled(['d', 'e', 'f'].map((id) => writer.execute('workshop-w', reserve(id), md)));
    expect(reads).toBe(0);
  });

  it('given a plan that reads the state, then it sees the state the decision is made on', async () => {
    const { writer } = await setUp();
    const seen: number[] = [];
    await Promise.all(
      ['a', 'b'].map((id) =>
        writer.execute('workshop-w', (s) => (seen.push(Object.keys(s.holds).length), reserve(id)()), md),
      ),
    );
    expect(seen).toEqual([0, 1]);
  });

  describe('guessing new streams', () => {
    const guessing = (store: MemoryEventStore) => hot(store, { guessNewStreams: true });

    it('given a stream nobody wrote, when a command is written, then it is appended without reading the stream first', async () => {
      const store = new MemoryEventStore();
      let reads = 0;
      const read = store.readStream.bind(store);
      store.readStream = (id) => (reads++, read(id));
      const writer = guessing(store);
      await writer.execute('workshop-x', () => ({ type: 'ScheduleWorkshop', workshop: { ...workshop, id: 'x' } }), md);
      expect(reads).toBe(0);
      expect((await store.readStream('workshop-x')).map((e) => e.type)).toEqual(['WorkshopScheduled']);
    });

    it('given a stream that exists but is not cached, when the guess is wrong, then the command is decided again on the stream as it is', async () => {
      const { store } = await setUp();
      await elsewhere(store)('workshop-w', reserve('a')());
      await elsewhere(store)('workshop-w', reserve('b')());
      const writer = guessing(store);
      await writer.execute('workshop-w', reserve('c'), md);
      // Taken for new, the stream would have looked empty (not scheduled, not found); read, it has one seat left.
      await expect(writer.execute('workshop-w', reserve('d'), md)).rejects.toMatchObject({
        refusal: { code: 'seats_short', left: 0 },
      });
      expect((await store.readStream('workshop-w')).filter((e) => e.type === 'SeatsReserved')).toHaveLength(3);
    });

    it('given a guessed state, when the command is refused on it, then the refusal is checked on the stream as read', async () => {
      const { store } = await setUp();
      const writer = guessing(store);
      // On a guessed (empty) stream the workshop would not be found; the stream holds it.
      const result = await writer.execute('workshop-w', reserve('a'), md);
      expect(result.events.map((e) => e.type)).toEqual(['SeatsReserved']);
    });
  });
});

describe('command handler, every stream', () => {
  it('given a stream no policy names, when commands are handled one after another, then each reads the stream afresh (nothing is cached)', async () => {
    const { store } = await setUp();
    const handler = new CommandHandler(store);
    let reads = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = (...args) => (reads++, readStream(...args));
    await handler.handle(workshopDecider, 'workshop-w', reserve('a')(), md);
    await handler.handle(workshopDecider, 'workshop-w', reserve('b')(), md);
    expect(reads).toBe(2);
    expect((await store.readStream('workshop-w')).filter((e) => e.type === 'SeatsReserved')).toHaveLength(2);
  });

  it('given a plan that works something out beside its command, then the handler hands it back with the events', async () => {
    const { store } = await setUp();
    const handler = new CommandHandler(store);
    const handled = await handler.handle(
      workshopDecider,
      'workshop-w',
      (s) => decision(reserve('a')(), { spotsBefore: s.workshop!.capacity - s.taken }),
      md,
    );
    expect(handled.result).toEqual({ spotsBefore: 3 });
    expect(handled.events.map((e) => e.type)).toEqual(['SeatsReserved']);
    expect(handled.position).toBe(await store.headPosition());
  });

  it("given a stream that changes under every attempt, when the attempts run out, then StreamBusyError carries the policy's words and nothing is appended", async () => {
    const { store } = await setUp();
    const append = store.append.bind(store);
    store.append = async (streamId, events, expected) => {
      if (streamId === 'workshop-w') throw new WrongExpectedRevisionError(streamId, expected, 99n);
      return append(streamId, events, expected);
    };
    const handler = new CommandHandler(store, [
      { decider: workshopDecider, maxAttempts: 3, busyMessage: 'Busy workshop.' },
    ]);
    const refused = handler.handle(workshopDecider, 'workshop-w', reserve('a')(), md);
    await expect(refused).rejects.toBeInstanceOf(StreamBusyError);
    await expect(refused).rejects.toThrow('Busy workshop.');
    expect((await store.readStream('workshop-w')).map((e) => e.type)).toEqual(['WorkshopScheduled']);
  });
});
