import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startServer, tempDataDir } from '../../support/server.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { SPECIFICATION_DATES } from '../../../service/catalogue/seed-workshops.js';

describe('first start seeds, later starts do not', () => {
  it('given a fresh data folder, when the server starts twice, then 15 workshops (ten and five courses) and 9 programs of the next season, and no new events the second time', async () => {
    const dataDir = tempDataDir();
    const startedAt = Date.now();
    const first = await startServer({}, dataDir);
    // The server reports ready only once its projections have caught up with the events at start.
    const read = async (url: string) => (await fetch(url).then((r) => r.json())) as unknown[];
    const status = async (url: string) => (await fetch(`${url}/ready`)).status;
    expect(await status(first.url)).toBe(200);
    const workshops1 = await read(`${first.url}/api/workshops`);
    const programs1 = await read(`${first.url}/api/programs`);
    await first.stop('SIGTERM');
    const head1 = await headPosition(dataDir);
    expect(workshops1).toHaveLength(15);
    expect(programs1).toHaveLength(9);
    // Moved to the next season not begun: none before the start, each on its specification weekday.
    for (const w of workshops1 as Workshop[]) {
      expect(Date.parse(w.date), w.id).toBeGreaterThanOrEqual(startedAt);
      expect(weekdayAndTime(w.date), w.id).toBe(weekdayAndTime(SPECIFICATION_DATES[w.id]!));
    }

    const second = await startServer({}, dataDir);
    const workshops2 = await read(`${second.url}/api/workshops`);
    const programs2 = await read(`${second.url}/api/programs`);
    await second.stop('SIGTERM');
    const head2 = await headPosition(dataDir);

    expect(workshops2).toEqual(workshops1);
    expect(programs2).toEqual(programs1);
    expect(head2).toBe(head1);
  });
});

describe('SEED_DATES=specification', () => {
  it("given the setting, when the server first starts, then the workshops keep the specification's 2025 dates", async () => {
    const server = await startServer({ SEED_DATES: 'specification' });
    try {
      const workshops = (await fetch(`${server.url}/api/workshops`).then((r) => r.json())) as Workshop[];
      expect(Object.fromEntries(workshops.map((w) => [w.id, w.date]))).toEqual(SPECIFICATION_DATES);
    } finally {
      await server.stop('SIGTERM');
    }
  });
});

const weekdayAndTime = (instant: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));

async function headPosition(dataDir: string): Promise<bigint> {
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  try {
    return await store.headPosition();
  } finally {
    await store.close();
  }
}
