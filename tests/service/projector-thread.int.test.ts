import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../service/core/config.js';
import { openStores, type Stores } from '../../service/compose.js';
import { seedCatalogue } from '../../service/catalogue/seed.js';
import { SEED_WORKSHOPS } from '../../service/catalogue/seed-workshops.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { CheckpointWaiter } from '../../platform/processor/waiter.js';
import { createLogger } from '../../platform/log.js';
import { allProjectors } from '../../projections/index.js';
import type { ProjectorThread } from '../../service/projector-thread-host.js';
import type * as Host from '../../service/projector-thread-host.js';
import { compiled, tempDataDir } from '../support/server.js';

/**
 * The embedded default's projections in a worker thread (service/projector-thread-host.ts), as
 * `npm start` runs them: the compiled host and worker, on the SQLite files of a data folder, with
 * the API thread's stores appending. The waiter here never polls the read store (an hour between
 * polls), so a wait that ends proves the thread's own checkpoint messages reached it.
 */
const names = allProjectors.map((p) => p.name);
const log = createLogger('silent');
const open: { thread?: ProjectorThread; stores?: Stores; waiter?: CheckpointWaiter; dir?: string }[] = [];

afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.thread?.stop();
    o.waiter?.close();
    await o.stores?.close();
    if (o.dir) rmSync(o.dir, { recursive: true, force: true });
  }
});

async function given() {
  const dir = tempDataDir('projector-thread-');
  const config = loadConfig({ DATA_DIR: dir, ADMIN_KEY: 'test-admin-key-123456', LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  await seedCatalogue(stores.eventStore, new Date('2025-05-01T12:00:00Z'), { dates: 'specification' });
  const waiter = new CheckpointWaiter({ readStore: stores.readStore, names, pollMs: 3_600_000 });
  const host = (await import(pathToFileURL(resolve(compiled('service/projector-thread-host.js'))).href)) as typeof Host;
  const start = () =>
    host.startProjectorThread({
      config,
      eventStore: stores.eventStore,
      waiter,
      owner: 'test-projections',
      takeOverAtStart: true,
      log,
    });
  const entry: (typeof open)[number] = { stores, waiter, dir };
  open.push(entry);
  return { stores, waiter, start, entry };
}

/** Schedules a workshop through the API thread's store; resolves with the append's position. */
async function schedule(stores: Stores, id: string): Promise<bigint> {
  const date = new Date(Date.now() + 90 * 86_400_000).toISOString();
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: `Thread ${id}`, date };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: new Date().toISOString() };
  const appended = await stores.eventStore.append(
    workshopStream(id),
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
    'no_stream',
  );
  return appended.position;
}

describe('projections in a worker thread', () => {
  it('given a seeded catalogue, when the thread starts and a workshop is then scheduled, then every projection reaches each append and the schedule shows it', async () => {
    const { stores, waiter, start, entry } = await given();
    entry.thread = start();
    const head = await stores.eventStore.headPosition();
    expect(await waiter.waitFor(head, names, 20_000)).toBe(true);

    const position = await schedule(stores, 'thread-1');
    expect(await waiter.waitFor(position, names, 20_000)).toBe(true);
    const doc = await stores.readStore.get<{ title: string }>('schedule', 'thread-1');
    expect(doc?.doc.title).toBe('Thread thread-1');
  });

  it('given the thread dies, when more is appended, then it is started again and catches up from its checkpoints', async () => {
    const { stores, waiter, start, entry } = await given();
    entry.thread = start();
    expect(await waiter.waitFor(await stores.eventStore.headPosition(), names, 20_000)).toBe(true);

    await entry.thread.crash();
    const position = await schedule(stores, 'after-crash');
    expect(await waiter.waitFor(position, names, 20_000)).toBe(true);
    expect((await stores.readStore.get('schedule', 'after-crash'))?.doc).toMatchObject({ title: 'Thread after-crash' });
  });

  it('given the thread is stopped, then its checkpoints are stored at the head and another runner may take the leases at once', async () => {
    const { stores, waiter, start } = await given();
    const thread = start();
    const position = await schedule(stores, 'before-stop');
    expect(await waiter.waitFor(position, names, 20_000)).toBe(true);

    await thread.stop();
    for (const name of names) expect(await stores.readStore.getCheckpoint(name)).toBe(position);
    for (const name of names) expect(await stores.readStore.acquireLease(name, 'next-runner', 10_000)).toBe(true);
  });
});
