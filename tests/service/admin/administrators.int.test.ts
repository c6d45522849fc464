import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { ADMIN_KEY, adminCall } from './support.js';
import type { AddedAdministrator, AdministratorSummary } from '../../../contracts/admin/administrators.js';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { SqliteReadStore } from '../../../platform/readstore/sqlite.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
const open = async (...args: Parameters<typeof makeTestApp>) => {
  const t = await makeTestApp(...args);
  apps.push(t);
  return t;
};

const WORKSHOP = {
  title: 'Table Manners for Teens',
  description: 'Napkins, cutlery and conversation.',
  category: 'teen',
  date: '2030-10-01T18:00',
  time: '6 PM',
  location: 'Plano',
  price: 45,
  capacity: 12,
};

async function addAdministrator(t: TestApp, body: unknown, key = ADMIN_KEY) {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', { body, key });
  return { status: res.status, body: (await res.json()) as AddedAdministrator & { error?: string; code?: string } };
}

async function list(t: TestApp, key = ADMIN_KEY): Promise<{ text: string; rows: AdministratorSummary[] }> {
  await t.settle();
  const res = await adminCall(t.app, 'GET', '/api/admin/administrators', { key });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, rows: JSON.parse(text) as AdministratorSummary[] };
}

describe('named administrators', () => {
  it('given the owner adds Margaret, when she uses her key, then it works, her action is named in the event metadata, the list never shows a key, and once revoked her key answers 401', async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    const t = await open({ clock: () => new Date(now) });

    const added = await addAdministrator(t, { name: 'Margaret Ellison', email: 'Margaret@Example.com' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: expect.any(String), name: 'Margaret Ellison' });
    const { id, key } = added.body;
    expect(key).toMatch(/^gle_[A-Za-z0-9_-]{43}$/);

    // Her key works at once, before any projection has seen her.
    now += 1_000;
    expect((await adminCall(t.app, 'GET', '/api/admin/session', { key })).status).toBe(204);

    // An action with her key: the event says who did it.
    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', { key, body: WORKSHOP });
    expect(created.status).toBe(201);
    const { id: workshopId } = (await created.json()) as { id: string };
    const [scheduled] = await t.eventStore.readStream(`workshop-${workshopId}`);
    expect(scheduled!.metadata).toMatchObject({ actor: 'admin', administrator: { id, name: 'Margaret Ellison' } });

    // The owner's own actions carry the owner.
    const byOwner = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: WORKSHOP });
    const [ownerEvent] = await t.eventStore.readStream(`workshop-${((await byOwner.json()) as { id: string }).id}`);
    expect(ownerEvent!.metadata.administrator).toEqual({ id: 'owner', name: 'Owner' });

    const { text, rows } = await list(t);
    expect(rows).toEqual([
      {
        id: 'owner',
        name: 'Owner',
        email: null,
        createdAt: null,
        lastUsedAt: expect.any(String),
        owner: true,
        role: 'owner',
      },
      {
        id,
        name: 'Margaret Ellison',
        email: 'margaret@example.com',
        createdAt: '2030-01-01T12:00:00.000Z',
        lastUsedAt: '2030-01-01T12:00:01.000Z',
        owner: false,
        role: 'manager',
      },
    ]);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/keyHash|[0-9a-f]{64}/);
    // Neither is the key anywhere in the event store: only its hash.
    const stored = JSON.stringify((await t.eventStore.readStream('administrators')).map((e) => e.data));
    expect(stored).not.toContain(key);
    expect(stored).toContain('keyHash');

    const revoked = await adminCall(t.app, 'DELETE', `/api/admin/administrators/${id}`);
    expect(revoked.status).toBe(200);
    const refused = await adminCall(t.app, 'GET', '/api/admin/session', { key });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Please check your admin key and try again.', code: 'unauthorized' });
    expect((await list(t)).rows.map((r) => r.id)).toEqual(['owner']);
  });

  it('given two API processes on one event store and read store, when one revokes a key, then the other refuses it on its very next request', async () => {
    const eventStore = validatingEventStore(new MemoryEventStore(), eventSchemas);
    const readStore = new MemoryReadStore();
    const a = await open({ eventStore, readStore });
    const b = await open({ eventStore, readStore, seed: false });

    const { id, key } = (await addAdministrator(a, { name: 'June Park', email: 'june@example.com' })).body;
    expect((await adminCall(b.app, 'GET', '/api/admin/session', { key })).status).toBe(204);
    expect((await adminCall(b.app, 'GET', '/api/admin/enrollments', { key })).status).toBe(200);

    expect((await adminCall(a.app, 'DELETE', `/api/admin/administrators/${id}`)).status).toBe(200);
    // No waiting for projections: B reads the administrators stream from the store on each request.
    expect((await adminCall(b.app, 'GET', '/api/admin/session', { key })).status).toBe(401);
    expect((await adminCall(b.app, 'POST', '/api/admin/workshops', { key, body: WORKSHOP })).status).toBe(401);
    expect((await adminCall(a.app, 'GET', '/api/admin/session', { key })).status).toBe(401);
    // The owner is untouched.
    expect((await adminCall(b.app, 'GET', '/api/admin/session')).status).toBe(204);
  });

  it('given two processes each with its own connections to one SQLite event store and read store, when one revokes a key, then the other refuses it at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admins-'));
    const connect = () => ({
      eventStore: validatingEventStore(new SqliteEventStore(join(dir, 'events.db')), eventSchemas),
      readStore: new SqliteReadStore(join(dir, 'read.db')),
    });
    const [first, second] = [connect(), connect()];
    try {
      const a = await open(first);
      const b = await open({ ...second, seed: false });
      const { id, key } = (await addAdministrator(a, { name: 'June Park', email: 'june@example.com' })).body;
      expect((await adminCall(b.app, 'GET', '/api/admin/session', { key })).status).toBe(204);
      expect((await adminCall(a.app, 'DELETE', `/api/admin/administrators/${id}`)).status).toBe(200);
      expect((await adminCall(b.app, 'GET', '/api/admin/session', { key })).status).toBe(401);
    } finally {
      await Promise.all(apps.splice(0).map((x) => x.close()));
      for (const c of [first, second]) await Promise.all([c.eventStore.close(), c.readStore.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given an administrator, when the same e-mail is added again (any case), then 409 and nothing is appended; after a revoke it may be added again', async () => {
    const t = await open();
    const first = await addAdministrator(t, { name: 'June Park', email: 'june@example.com' });
    const head = await t.eventStore.headPosition();
    const again = await addAdministrator(t, { name: 'June P.', email: 'JUNE@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error: expect.stringContaining('june@example.com') });
    expect(await t.eventStore.headPosition()).toBe(head);
    await adminCall(t.app, 'DELETE', `/api/admin/administrators/${first.body.id}`);
    expect((await addAdministrator(t, { name: 'June Park', email: 'june@example.com' })).status).toBe(201);
  });

  it('given bad input, then 400 names the field and nothing is appended', async () => {
    const t = await open();
    const head = await t.eventStore.headPosition();
    const cases: [unknown, string][] = [
      [{ email: 'june@example.com' }, 'name'],
      [{ name: '   ', email: 'june@example.com' }, 'name'],
      [{ name: 'June\nBcc: x@example.com', email: 'june@example.com' }, 'name'],
      [{ name: 'June \u202Ekrap', email: 'june@example.com' }, 'name'],
      [{ name: 'x'.repeat(101), email: 'june@example.com' }, 'name'],
      [{ name: 'June Park' }, 'email'],
      [{ name: 'June Park', email: 'not an e-mail' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await adminCall(t.app, 'POST', '/api/admin/administrators', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(answer.error.startsWith(`${field}:`), answer.error).toBe(true);
      expect(answer.issues[0]!.path).toBe(field);
    }
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given revoke of the owner, an unknown id or a malformed id, then 400 or 404 and nothing is appended', async () => {
    const t = await open();
    const head = await t.eventStore.headPosition();
    expect((await adminCall(t.app, 'DELETE', '/api/admin/administrators/owner')).status).toBe(400);
    expect((await adminCall(t.app, 'DELETE', '/api/admin/administrators/no-such-one')).status).toBe(404);
    expect((await adminCall(t.app, 'DELETE', '/api/admin/administrators/bad%20id!')).status).toBe(400);
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given wrong keys shaped like administrator keys, then the per-client throttle answers the next wrong key 429 after 10, a revoked key counts as a wrong one, and the right key still works', async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    const t = await open({ clock: () => new Date(now) });
    const { id, key } = (await addAdministrator(t, { name: 'June Park', email: 'june@example.com' })).body;
    await adminCall(t.app, 'DELETE', `/api/admin/administrators/${id}`);
    const from = '203.0.113.40';
    expect((await adminCall(t.app, 'GET', '/api/admin/session', { key, from })).status).toBe(401);
    for (let i = 0; i < 9; i++) {
      const guess = 'gle_' + String(i).padStart(43, 'x');
      expect((await adminCall(t.app, 'GET', '/api/admin/session', { key: guess, from })).status).toBe(401);
      now += 1_000;
    }
    const blocked = await adminCall(t.app, 'GET', '/api/admin/session', { key: 'gle_' + 'y'.repeat(43), from });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await adminCall(t.app, 'GET', '/api/admin/session', { from })).status).toBe(204);
    expect((await adminCall(t.app, 'GET', '/api/admin/session', { from: '203.0.113.41' })).status).toBe(204);
  });

  it('given many requests with one key, then last used moves at most once a minute and no event is written for it', async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    const t = await open({ clock: () => new Date(now) });
    const { id, key } = (await addAdministrator(t, { name: 'June Park', email: 'june@example.com' })).body;
    await t.settle();
    const head = await t.eventStore.headPosition();
    for (let i = 0; i < 30; i++) {
      await adminCall(t.app, 'GET', '/api/admin/session', { key });
      now += 1_000; // 30 requests over 30 seconds
    }
    const lastUsed = async () => (await list(t)).rows.find((r) => r.id === id)!.lastUsedAt;
    expect(await lastUsed()).toBe('2030-01-01T12:00:00.000Z');
    now = Date.parse('2030-01-01T12:01:05Z');
    await adminCall(t.app, 'GET', '/api/admin/session', { key });
    expect(await lastUsed()).toBe('2030-01-01T12:01:05.000Z');
    expect(await t.eventStore.headPosition()).toBe(head);
  });
});
