import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../service/eventstore/memory.js';
import { StreamWriter } from '../../service/enrollment/stream-writer.js';
import { workshopDecider } from '../../service/catalogue/workshop-decider.js';
import { SEED_WORKSHOPS } from '../../service/catalogue/seed-workshops.js';
import { handleCommand } from '../../service/core/command.js';
import type { EventMetadata } from '../../contracts/core/events.js';

const md: EventMetadata = { correlationId: 'c', causationId: 'c', actor: 'visitor', at: '2025-05-01T15:00:00.000Z' };
const workshop = { ...SEED_WORKSHOPS[3]!, id: 'w', capacity: 3 };
const reserve = (enrollmentId: string) => () => ({ type: 'ReserveSeats' as const, workshopId: 'w', enrollmentId, seats: 1, expiresAt: md.at });

async function setUp(refusalStalenessMs?: number) {
  const store = new MemoryEventStore();
  await store.append('workshop-w', [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata: md }], 'no_stream');
  return { store, writer: new StreamWriter(store, workshopDecider, { refusalStalenessMs }) };
}

describe('StreamWriter', () => {
  it('given 5 concurrent holds on 3 seats, when written, then one append carries the 3 that fit and 2 are refused', async () => {
    const { store, writer } = await setUp();
    let appends = 0;
    const append = store.append.bind(store);
    store.append = (...args) => (appends++, append(...args));
    const results = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((id) => writer.execute('workshop-w', reserve(id), md)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(appends).toBe(1);
    expect((await store.readStream('workshop-w')).filter((e) => e.type === 'SeatsReserved')).toHaveLength(3);
  });

  it('given a cached state made stale by another writer, when a hold is written, then the conflict is retried against fresh state', async () => {
    const { store, writer } = await setUp();
    await writer.execute('workshop-w', reserve('a'), md);
    // Someone else (the administrator's handler) takes the two remaining seats.
    for (const id of ['x', 'y']) await handleCommand(store, 'workshop-w', workshopDecider, reserve(id)(), md);
    await expect(writer.execute('workshop-w', reserve('b'), md)).rejects.toThrow(/full/);
    expect((await store.readStream('workshop-w')).filter((e) => e.type === 'SeatsReserved')).toHaveLength(3);
  });

  it('given a cached full workshop whose capacity another writer raised, when a hold would be refused from an old cache, then it is decided again on fresh state and succeeds', async () => {
    const { store, writer } = await setUp(0);
    for (const id of ['a', 'b', 'c']) await writer.execute('workshop-w', reserve(id), md);
    await handleCommand(store, 'workshop-w', workshopDecider, { type: 'UpdateWorkshop', workshop: { ...workshop, capacity: 4 } }, md);
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
});
