import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOPBACK_PEER, makeTestApp, type TestApp } from '../support/app.js';
import { nextVisitorAddress } from '../support/visitors.js';

/**
 * Given the whole API, when it receives at least 10,000 malformed or hostile requests (wrong types,
 * bodies over the size limit, odd Unicode, injection strings, wrong methods, forged headers), then
 * every answer is a 4xx JSON error and no event is appended.
 */

// A small deterministic generator, so a failure can be replayed with the same seed.
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  '"; DROP TABLE events; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0001\u0002',
  '\u202Egnp.exe',
  '𝕳𝖊𝖑𝖑𝖔 🙂🙃 \uD800',
  'Ａｄｍｉｎ',
  '=HYPERLINK("http://x")',
  'a'.repeat(5_000),
  '',
  ' ',
];
const WRONG_TYPES: unknown[] = [
  42,
  -1,
  1e308,
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  { $gt: '' },
  { $where: 'sleep(1000)' },
  { __proto__: { admin: true } },
  '12abc',
];
const ODD_SEGMENTS = [
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E2%80%AE',
  'a'.repeat(300),
  '%27%20OR%201%3D1',
  '%3Cscript%3E',
  '-1',
  '9'.repeat(40),
  '%FF%FE',
];

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A field assignment that is always invalid for this route, so a generated body can never be valid. */
  poison?: Record<string, unknown>;
  admin?: boolean;
  raw?: boolean;
}

const ROUTES: Route[] = [
  { method: 'POST', path: '/api/contact', poison: { email: 42 } },
  { method: 'POST', path: '/api/consultation', poison: { preferredDate: [] } },
  { method: 'POST', path: '/api/enroll/workshop/4', poison: { participants: 'many' } },
  { method: 'POST', path: '/api/enroll/workshop/:id', poison: { participants: 0 } },
  { method: 'POST', path: '/api/enroll/program/7', poison: { email: ['x'] } },
  { method: 'POST', path: '/api/create-payment-intent', poison: { enrollmentId: { $ne: null } } },
  { method: 'POST', path: '/api/payments/verify', poison: { paymentIntentId: 7 } },
  { method: 'POST', path: '/api/create-test-charge', poison: { description: { a: 1 } } },
  { method: 'POST', path: '/api/webhook', raw: true },
  { method: 'POST', path: '/api/admin/programs', poison: { price: 'free' }, admin: true },
  { method: 'PUT', path: '/api/admin/programs/:id', poison: { price: -5 }, admin: true },
  { method: 'DELETE', path: '/api/admin/programs/:id', admin: true },
  { method: 'POST', path: '/api/admin/workshops', poison: { capacity: 'lots' }, admin: true },
  { method: 'PUT', path: '/api/admin/workshops/:id', poison: { capacity: -1 }, admin: true },
  { method: 'DELETE', path: '/api/admin/workshops/:id', admin: true },
  { method: 'GET', path: '/api/admin/enrollments', admin: true },
  { method: 'GET', path: '/api/admin/dashboard', admin: true },
  { method: 'GET', path: '/api/programs/:id' },
  { method: 'GET', path: '/api/workshops/:id' },
  { method: 'GET', path: '/api/orders/:id' },
  { method: 'GET', path: '/api/enrollments/:id' },
  { method: 'GET', path: '/api/workshops' },
];

const WRONG_METHODS: [string, string][] = [
  ['PATCH', '/api/contact'],
  ['DELETE', '/api/workshops'],
  ['PUT', '/api/programs/1'],
  ['GET', '/api/webhook'],
  ['OPTIONS', '/api/admin/workshops'],
  ['HEAD', '/api/consultation'],
  ['DELETE', '/api/enroll/workshop/4'],
];

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy on loopback, each request from another client (the right-most X-Forwarded-For
  // entry), so that what is tested is the answer to each hostile request, not the rate limit.
  t = await makeTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

describe('hostile input', () => {
  it('answers 10,000+ hostile requests with 4xx JSON errors and appends nothing', async () => {
    const rand = prng(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const before = await t.eventStore.headPosition();
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;

    const send = async (
      method: string,
      path: string,
      init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
    ) => {
      sent++;
      const res = await t.app.request(path, { method, ...init } as RequestInit, LOOPBACK_PEER);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      // A HEAD answer has no body by definition; its status still has to be a 4xx.
      const hasError = method === 'HEAD' || typeof (json as { error?: unknown } | undefined)?.error === 'string';
      const ok = res.status >= 400 && res.status < 500 && hasError;
      if (!ok && failures.length < 20)
        failures.push(`${method} ${path.slice(0, 80)} → ${res.status} ${text.slice(0, 120)}`);
    };

    const hostileBody = (route: Route): string | Uint8Array => {
      const kind = Math.floor(rand() * 8);
      if (kind === 0)
        return pick(['{', '{"a":', 'null', '[]', '"text"', '123', 'not json at all', '\u0000\u0001', '{"a":1}}']);
      if (kind === 1) return new Uint8Array(Array.from({ length: 64 }, () => Math.floor(rand() * 256)));
      if (kind === 2)
        return JSON.stringify({ ...(route.poison ?? {}), padding: 'x'.repeat(70_000 + Math.floor(rand() * 200_000)) });
      const body: Record<string, unknown> = {};
      for (let i = Math.floor(rand() * 6); i > 0; i--) {
        body[
          pick([
            'fullname',
            'name',
            'email',
            'message',
            'firstName',
            'lastName',
            'title',
            'price',
            'capacity',
            'participants',
            'totalPrice',
            'workshopId',
            '__proto__',
            'constructor',
            '$where',
          ])
        ] = rand() < 0.5 ? pick(HOSTILE_STRINGS) : pick(WRONG_TYPES);
      }
      if (kind === 3) return JSON.stringify([body]);
      return JSON.stringify({ ...body, ...route.poison });
    };

    // fetch's Headers refuse control characters and non-Latin-1 text; what it can carry is sent.
    const header = (v: string) => v.replace(/[^\x21-\x7e\u00a0-\u00ff]/g, '') || '-';
    // A lone surrogate cannot be percent-encoded; a broken escape is sent in its place.
    const encodeQuery = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return '%D8%00%ZZ';
      }
    };
    const fillPath = (path: string) =>
      path.replace(':id', () => pick(ODD_SEGMENTS.concat(['1', '4', 'ORD-x', 'FREE-1', 'executive-edge'])));

    while (sent < 10_000) {
      const route = pick(ROUTES);
      const path = fillPath(route.path);
      const headers: Record<string, string> = {};
      const r = rand();
      if (route.admin)
        headers['Admin-Key'] = header(
          pick(['wrong', '', 'test-admin-key-12345', 'test-admin-key-1234567', '\u00e9'.repeat(40), 'x'.repeat(4000)]),
        );
      // A forged entry written by the client, then the address the proxy saw, which is the client's.
      const visitor = nextVisitorAddress();
      headers['x-forwarded-for'] =
        r < 0.2 ? `${Math.floor(rand() * 255)}.0.0.${Math.floor(rand() * 255)}, ${visitor}` : visitor;
      if (r > 0.8) headers['x-correlation-id'] = header(pick(HOSTILE_STRINGS).slice(0, 200));
      if (route.path === '/api/webhook')
        headers['stripe-signature'] = header(
          pick(['', 't=1,v1=deadbeef', 't=abc', 'v1=' + 'f'.repeat(64), pick(HOSTILE_STRINGS)]),
        );
      if (route.method === 'GET' || route.method === 'DELETE') {
        const q =
          rand() < 0.5
            ? `?minPosition=${encodeQuery(pick(['-1', 'abc', '1e9', '99999999999999999999999', pick(HOSTILE_STRINGS)]))}`
            : '';
        // GETs of known ids may answer 200; only hostile ids are sent, and unknown ones must be 4xx.
        if (route.method === 'GET' && !route.path.includes(':id') && !route.admin && !q) continue;
        await send(route.method, path.replace(/\/(1|4|executive-edge)$/, '/%00') + q, { headers });
        continue;
      }
      headers['content-type'] =
        rand() < 0.85
          ? 'application/json'
          : pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']);
      await send(route.method, path, { headers, body: hostileBody(route) });
    }
    for (const [method, path] of WRONG_METHODS)
      await send(method, path, {
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      });

    expect(failures).toEqual([]);
    expect(await t.eventStore.headPosition()).toBe(before);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    console.info(
      `[hostile input] ${sent} requests (wrong or no admin key), statuses ${JSON.stringify(statuses)}, events appended: 0`,
    );
  }, 180_000);

  it('with the right admin key, answers 2,000 malformed admin writes with 400s and appends nothing', async () => {
    const admin = await makeTestApp();
    try {
      const rand = prng(7);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
      const before = await admin.eventStore.headPosition();
      const bad: string[] = [];
      const writes = ROUTES.filter((r) => r.admin && r.method !== 'GET');
      for (let i = 0; i < 2_000; i++) {
        const route = pick(writes);
        const path = route.path.replace(':id', () => pick(ODD_SEGMENTS));
        const body: Record<string, unknown> = {
          title: pick(HOSTILE_STRINGS),
          description: pick(HOSTILE_STRINGS),
          category: pick(WRONG_TYPES),
          ...route.poison,
        };
        const res = await admin.app.request(path, {
          method: route.method,
          headers: { 'content-type': 'application/json', 'Admin-Key': 'test-admin-key-123456' },
          body: route.method === 'DELETE' ? undefined : JSON.stringify(body),
        });
        const json = (await res.json().catch(() => ({}))) as { error?: unknown };
        if ((res.status < 400 || res.status >= 500 || typeof json.error !== 'string') && bad.length < 10)
          bad.push(`${route.method} ${path.slice(0, 60)} → ${res.status}`);
      }
      expect(bad).toEqual([]);
      expect(await admin.eventStore.headPosition()).toBe(before);
    } finally {
      await admin.close();
    }
  }, 120_000);
});
