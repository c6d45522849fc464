import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { ADMIN_KEY, adminCall } from './support.js';
import { record, submitted } from '../../support/enrollment-events.js';

let t: TestApp;
afterEach(() => t?.close());

const ADMIN_READS = [
  '/api/admin/session',
  '/api/admin/enrollments',
  '/api/admin/enrollments?page=1&pageSize=10',
  '/api/admin/enrollments/export.csv',
  '/api/admin/enrollments/e1/history',
  '/api/admin/dashboard',
  '/api/admin/inquiries',
];

describe('admin key', () => {
  it('given an enrollment, when admin routes are called without a key or with a wrong one, then each answers 401 with an error and no data', async () => {
    let now = 0;
    t = await makeTestApp({ clock: () => new Date(now) });
    await record(t.eventStore, 'e1', [{ event: submitted('e1'), actor: 'visitor' }]);
    await t.settle();
    for (const path of ADMIN_READS) {
      for (const key of [null, 'wrong-key-of-another-length', ADMIN_KEY.replace(/.$/, 'X'), '']) {
        const res = await adminCall(t.app, 'GET', path, { key });
        expect(res.status, `${path} with ${String(key)}`).toBe(401);
        const body = await res.text();
        expect(JSON.parse(body)).toEqual({ error: 'Please check your admin key and try again.', code: 'unauthorized' });
        expect(body).not.toContain('Lovelace');
        now += 60_001; // one failure per window: this test is about 401, not 429
      }
    }
  });

  it('given the right key, then the same routes answer', async () => {
    t = await makeTestApp();
    await record(t.eventStore, 'e1', [{ event: submitted('e1'), actor: 'visitor' }]);
    await t.settle();
    for (const path of ADMIN_READS) {
      const res = await adminCall(t.app, 'GET', path);
      expect(res.status, path).toBeLessThan(300);
    }
  });

  it('given a wrong key, when it writes, then nothing is appended', async () => {
    t = await makeTestApp();
    const head = await t.eventStore.headPosition();
    const workshop = {
      title: 'T',
      description: 'D',
      category: 'adult',
      date: '2025-10-01T18:00',
      time: '6 PM',
      location: 'Plano',
      price: 10,
      capacity: 5,
    };
    expect(
      (await adminCall(t.app, 'POST', '/api/admin/workshops', { key: 'nope-nope-nope', body: workshop })).status,
    ).toBe(401);
    expect((await adminCall(t.app, 'DELETE', '/api/admin/workshops/1', { key: null })).status).toBe(401);
    expect((await adminCall(t.app, 'PUT', '/api/admin/programs/1', { key: null, body: {} })).status).toBe(401);
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given no ADMIN_KEY configured, then the admin area refuses everyone', async () => {
    t = await makeTestApp();
    t.deps.config.ADMIN_KEY = undefined;
    const res = await adminCall(t.app, 'GET', '/api/admin/session');
    expect(res.status).toBe(503);
  });
});

describe('repeated wrong keys', () => {
  it('given 10 wrong keys in a minute from one client, then its next wrong key is 429 with Retry-After (a forged X-Forwarded-For makes no fresh client), other clients are unaffected, and the block lifts after the window', async () => {
    let now = Date.parse('2025-06-01T12:00:00Z');
    t = await makeTestApp({ clock: () => new Date(now) });
    for (let i = 0; i < 10; i++) {
      expect(
        (await adminCall(t.app, 'GET', '/api/admin/dashboard', { key: `guess-number-${i}`, from: '203.0.113.9' }))
          .status,
      ).toBe(401);
      now += 1_000;
    }
    const blocked = await adminCall(t.app, 'GET', '/api/admin/dashboard', {
      key: 'guess-number-10',
      from: '203.0.113.9',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: 'rate_limited' });

    // A forged X-Forwarded-For does not make a fresh client.
    const forged = await t.app.request(
      '/api/admin/dashboard',
      { headers: { 'Admin-Key': 'guess-number-11', 'X-Forwarded-For': '192.0.2.1' } },
      { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
    );
    expect(forged.status).toBe(429);

    expect(
      (await adminCall(t.app, 'GET', '/api/admin/dashboard', { key: 'guess-other', from: '203.0.113.10' })).status,
    ).toBe(401);

    now += 60_000;
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/dashboard', { key: 'guess-number-12', from: '203.0.113.9' })).status,
    ).toBe(401);
  });

  it('given a shared address (a school office) throttled by wrong keys, when the owner and a named administrator send their right keys from it, then both work while the guesser still gets 429', async () => {
    let now = Date.parse('2025-06-01T12:00:00Z');
    t = await makeTestApp({ clock: () => new Date(now) });
    const added = await adminCall(t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'June Park', email: 'june@example.com' },
    });
    const june = (await added.json()) as { key: string };
    const office = '198.51.100.7';
    for (let i = 0; i < 10; i++) {
      await adminCall(t.app, 'GET', '/api/admin/session', { key: `gle_${String(i).padStart(43, 'x')}`, from: office });
      now += 500;
    }
    const guess = await adminCall(t.app, 'GET', '/api/admin/session', { key: 'one-more-guess-123', from: office });
    expect(guess.status).toBe(429);
    expect(Number(guess.headers.get('Retry-After'))).toBeGreaterThan(0);

    expect((await adminCall(t.app, 'GET', '/api/admin/dashboard', { from: office })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/session', { key: june.key, from: office })).status).toBe(204);
    // Still throttled for wrong keys.
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/session', { key: 'and-another-1234', from: office })).status,
    ).toBe(429);
  });

  it('given one stale key sent again and again from an address (a forgotten browser tab), then it is throttled on its own and does not use up the address: a first wrong key from the same address still answers 401', async () => {
    let now = Date.parse('2025-06-01T12:00:00Z');
    t = await makeTestApp({ clock: () => new Date(now) });
    const office = '198.51.100.8';
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await adminCall(t.app, 'GET', '/api/admin/session', { key: 'revoked-key-1234', from: office })).status,
      );
      now += 1_000;
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/session', { key: 'a-typo-of-the-key', from: office })).status,
    ).toBe(401);
    expect((await adminCall(t.app, 'GET', '/api/admin/session', { from: office })).status).toBe(204);
  });
});
