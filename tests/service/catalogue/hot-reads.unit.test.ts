import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { createApp } from '../../../service/app.js';
import { CheckpointWaiter } from '../../../platform/processor/waiter.js';
import { allProjectors } from '../../../projections/index.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

let t: TestApp;
const closers: (() => void)[] = [];
afterEach(async () => {
  await t?.close();
  closers.splice(0).forEach((close) => close());
});

const editTitle = async (app: TestApp['app'], id: string, title: string) => {
  const current = (await (await app.request(`/api/workshops/${id}`)).json()) as Workshop;
  const res = await adminCall(app, 'PUT', `/api/admin/workshops/${id}`, {
    body: {
      title,
      description: current.description,
      category: current.category,
      date: current.date.slice(0, 16),
      time: current.time,
      location: current.location,
      price: current.price,
      capacity: current.capacity,
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { position: string }).position;
};

describe('public reads: ETag, 304 and Cache-Control', () => {
  it('given a public read, when it is asked again with its ETag, then 304 with no body', async () => {
    t = await makeTestApp();
    for (const path of ['/api/workshops', '/api/programs', '/api/programs/executive-edge', '/api/workshops/4']) {
      const first = await t.app.request(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('ETag');
      expect(etag, path).toMatch(/^"[^"]+"$/); // strong
      expect(first.headers.get('Cache-Control')).toBe('public, max-age=10, stale-while-revalidate=60');
      const again = await t.app.request(path, { headers: { 'If-None-Match': etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('ETag')).toBe(etag);
      const other = await t.app.request(path, { headers: { 'If-None-Match': '"something-else"' } });
      expect(other.status).toBe(200);
    }
  });

  it('given an admin or personal answer, then it is private and never stored', async () => {
    t = await makeTestApp();
    const admin = await adminCall(t.app, 'GET', '/api/admin/session');
    expect(admin.headers.get('Cache-Control')).toBe('private, no-store');
    const order = await t.app.request('/api/orders/no-such-order');
    expect(order.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('public reads from memory', () => {
  it('given a cached list, when a write moves the projection, then the read after minPosition has the new data and another ETag', async () => {
    // Checkpoints trusted for a minute: only the minPosition path can make the answer fresh.
    t = await makeTestApp({ appOptions: { hotReads: { checkpointMaxAgeMs: 60_000 } } });
    const before = await t.app.request('/api/workshops');
    const etag = before.headers.get('ETag');
    const position = await editTitle(t.app, '4', 'Princess Tea Party, Renamed');
    const after = await t.app.request(`/api/workshops?minPosition=${position}`, {
      headers: { 'If-None-Match': etag! },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
    const workshops = (await after.json()) as Workshop[];
    expect(workshops.find((w) => w.id === '4')?.title).toBe('Princess Tea Party, Renamed');
    const one = (await (await t.app.request(`/api/workshops/4?minPosition=${position}`)).json()) as Workshop;
    expect(one.title).toBe('Princess Tea Party, Renamed');
  });

  it('given two API processes on one read store, when one moves the projection, then the other answers the new data after minPosition', async () => {
    t = await makeTestApp({ appOptions: { hotReads: { checkpointMaxAgeMs: 60_000 } } });
    // The second process runs no projections: it learns checkpoints from the read store only.
    const waiter = new CheckpointWaiter({ readStore: t.readStore, names: allProjectors.map((p) => p.name) });
    closers.push(() => waiter.close());
    const other = createApp(
      { ...t.deps, projections: waiter, newId: randomUUID },
      { hotReads: { checkpointMaxAgeMs: 60_000 } },
    );
    const cached = await other.request('/api/workshops');
    const position = await editTitle(t.app, '5', 'Renamed Elsewhere');
    const after = await other.request(`/api/workshops?minPosition=${position}`);
    expect(after.headers.get('ETag')).not.toBe(cached.headers.get('ETag'));
    expect(((await after.json()) as Workshop[]).find((w) => w.id === '5')?.title).toBe('Renamed Elsewhere');
  });

  it('given checkpoints read afresh, when the projection moves, then a plain read (no minPosition) follows it', async () => {
    t = await makeTestApp({ appOptions: { hotReads: { checkpointMaxAgeMs: 0 } } });
    const etag = (await t.app.request('/api/programs')).headers.get('ETag');
    await editTitle(t.app, '6', 'Moved Along');
    await t.settle();
    const after = await t.app.request('/api/workshops');
    expect(((await after.json()) as Workshop[]).find((w) => w.id === '6')?.title).toBe('Moved Along');
    // The programs' projection did not move: their answer and ETag stand.
    expect((await t.app.request('/api/programs', { headers: { 'If-None-Match': etag! } })).status).toBe(304);
  });
});
