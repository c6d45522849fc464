import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../../service/app.js';
import { cspFor } from '../../service/core/security-headers.js';
import { MemoryReadStore } from '../../platform/readstore/memory.js';
import type { DocValue, FindResult, Query } from '../../platform/readstore/port.js';
import { ReadStoreUnavailableError } from '../../platform/readstore/port.js';
import { ADMIN_KEY, makeFaultApp, type FaultApp } from './support.js';

/**
 * Given the app serving a built SPA and the API, when any page or API answer goes out (success,
 * 4xx, 503 or 500), then it carries a CSP whose scripts are the site's own (no 'unsafe-inline', no
 * 'unsafe-eval'), which allows Stripe's hosts only on the payment pages, forbids framing, and the
 * answer carries nosniff and a Referrer-Policy.
 */

/** A read store that can be made to fail like a bug (plain Error) or like an outage. */
class SwitchableReadStore extends MemoryReadStore {
  mode: 'ok' | 'bug' | 'down' = 'ok';
  override async find<T extends DocValue = DocValue>(collection: string, query?: Query): Promise<FindResult<T>> {
    if (this.mode === 'bug') throw new Error('boom');
    if (this.mode === 'down') throw new ReadStoreUnavailableError('down');
    return super.find<T>(collection, query);
  }
}

const STRIPE_PAGES = [
  '/checkout/4',
  '/checkout/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  '/payment-success',
  '/payment-test',
  '/test-charge',
  '/payment-success/',
  '/Checkout/abc',
  '/TEST-CHARGE',
];
const OTHER_PAGES = [
  '/',
  '/about',
  '/programs',
  '/program/executive-edge',
  '/schedule',
  '/contact',
  '/enroll/4',
  '/order-confirmation',
  '/enrollment-test',
  '/free-enrollment-test',
  '/admin',
  '/admin/enrollments',
  '/no-such-page',
  '/checkout',
  '/checkout/a/b',
  '/payment-successful',
  '/x/payment-success',
  '/test-charge.html',
];

let t: FaultApp;
let app: Hono;
let readStore: SwitchableReadStore;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
  readStore = new SwitchableReadStore();
  t = await makeFaultApp({ readStore });
  app = createApp(t.deps, { webDist: dist, maxBodyBytes: 1024 });
});
afterAll(() => t.close());

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

/** The checks every answer passes, whatever it is. */
function expectHardened(res: Response, where: string, stripe: boolean) {
  const csp = res.headers.get('content-security-policy');
  expect(csp, `${where}: Content-Security-Policy`).toBeTruthy();
  const d = directives(csp!);
  const scripts = d.get('script-src') ?? d.get('default-src')!;
  expect(scripts, `${where}: script-src`).toContain("'self'");
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-eval'");
  expect(
    scripts.filter((s) => s === '*' || s === 'https:' || s === 'http:' || s === 'data:'),
    `${where}: script-src wildcards`,
  ).toEqual([]);
  expect(d.get('frame-ancestors'), `${where}: frame-ancestors`).toEqual(["'none'"]);
  expect(d.get('object-src'), `${where}: object-src`).toEqual(["'none'"]);
  expect(d.get('base-uri'), `${where}: base-uri`).toEqual(["'self'"]);
  expect(res.headers.get('x-content-type-options'), `${where}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), `${where}: Referrer-Policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(res.headers.get('x-frame-options'), `${where}: X-Frame-Options`).toBe('DENY');
  if (stripe) {
    expect(d.get('script-src'), `${where}: Stripe.js allowed`).toEqual(["'self'", 'https://js.stripe.com']);
    expect(d.get('frame-src'), `${where}: Stripe frames allowed`).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(d.get('connect-src'), `${where}: Stripe API allowed`).toEqual(
      expect.arrayContaining(["'self'", 'https://api.stripe.com']),
    );
  } else {
    expect(csp, `${where}: no Stripe host`).not.toMatch(/stripe/i);
    expect(d.get('frame-src'), `${where}: no frames`).toEqual(["'none'"]);
  }
}

describe('security headers', () => {
  it('given the HTML pages of the SPA, when each is requested, then its CSP allows Stripe only on the payment pages and the other headers are set', async () => {
    for (const path of [...STRIPE_PAGES, ...OTHER_PAGES]) {
      const res = await app.request(path);
      // Paths the site does not have answer 404 with the same HTML (tests/service/site/pages.unit.test.ts),
      // and so does the checkout of a workshop that is not there (it still gets the payment pages' CSP).
      const missing = [
        '/checkout/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
        '/Checkout/abc',
        '/no-such-page',
        '/checkout',
        '/checkout/a/b',
        '/payment-successful',
        '/x/payment-success',
        '/test-charge.html',
      ];
      expect({ path, status: res.status }).toEqual({ path, status: missing.includes(path) ? 404 : 200 });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectHardened(res, path, STRIPE_PAGES.includes(path));
    }
    const asset = await app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expectHardened(asset, '/assets/app.js', false);
  });

  it('given API answers of every kind (200, 204, 4xx, 413, 415, 503, 500), when they go out, then they carry the same headers, without Stripe', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: [string, () => Promise<Response> | Response, number][] = [
      ['GET /health', () => app.request('/health'), 200],
      ['GET /ready', () => app.request('/ready'), 200],
      ['GET /api/workshops', () => app.request('/api/workshops'), 200],
      ['GET /api/stripe-config', () => app.request('/api/stripe-config'), 200],
      ['GET /api/admin/session', () => app.request('/api/admin/session', { headers: { 'Admin-Key': ADMIN_KEY } }), 204],
      [
        'GET /api/admin/session (wrong key)',
        () => app.request('/api/admin/session', { headers: { 'Admin-Key': 'wrong-key-000000' } }),
        401,
      ],
      ['GET /api/nope', () => app.request('/api/nope'), 404],
      ['GET /api/workshops/999', () => app.request('/api/workshops/999'), 404],
      [
        'POST /api/contact (invalid)',
        () => app.request('/api/contact', { method: 'POST', headers: json, body: '{"email":1}' }),
        400,
      ],
      [
        'POST /api/contact (bad JSON)',
        () => app.request('/api/contact', { method: 'POST', headers: json, body: '{' }),
        400,
      ],
      [
        'POST /api/contact (text/plain)',
        () => app.request('/api/contact', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }),
        415,
      ],
      [
        'POST /api/contact (too large)',
        () =>
          app.request('/api/contact', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ message: 'x'.repeat(4096) }),
          }),
        413,
      ],
      [
        'POST /api/webhook (unsigned)',
        () => app.request('/api/webhook', { method: 'POST', headers: json, body: '{}' }),
        400,
      ],
      [
        'POST /api/contact',
        () =>
          app.request('/api/contact', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ fullname: 'A', email: 'a@example.com', message: 'Hi' }),
          }),
        201,
      ],
      ['GET /api/checkout/x', () => app.request('/api/checkout/x'), 404],
      ['GET /api/payment-success', () => app.request('/api/payment-success'), 404],
    ];
    for (const [name, send, status] of cases) {
      const res = await send();
      expect({ name, status: res.status }).toEqual({ name, status });
      expectHardened(res, name, false);
    }

    readStore.mode = 'down';
    try {
      const res = await app.request('/api/workshops');
      expect(res.status).toBe(503);
      expectHardened(res, 'GET /api/workshops (read store down)', false);
    } finally {
      readStore.mode = 'ok';
    }
    readStore.mode = 'bug';
    try {
      const res = await app.request('/api/workshops');
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: string }).error).toMatch(/Something went wrong/);
      expectHardened(res, 'GET /api/workshops (bug)', false);
    } finally {
      readStore.mode = 'ok';
    }
  });

  it('given the CSP builder, when asked for a payment page and any other path, then only the payment pages name Stripe', () => {
    for (const path of STRIPE_PAGES) expect(cspFor(path), path).toMatch(/js\.stripe\.com/);
    for (const path of [...OTHER_PAGES, '/api/create-payment-intent', '/api/webhook'])
      expect(cspFor(path), path).not.toMatch(/stripe/i);
  });
});

describe('Strict-Transport-Security', () => {
  const json = { 'content-type': 'application/json' };
  /** A page, an asset, API answers of each kind (200, 404, 400, 415, 401) and an answer made by an error. */
  const answers = (a: Hono): [string, () => Promise<Response> | Response][] => [
    ['GET /', () => a.request('/')],
    ['GET /checkout/abc', () => a.request('/checkout/abc')],
    ['GET /assets/app.js', () => a.request('/assets/app.js')],
    ['GET /health', () => a.request('/health')],
    ['GET /api/workshops', () => a.request('/api/workshops')],
    ['GET /api/nope', () => a.request('/api/nope')],
    [
      'POST /api/contact (invalid)',
      () => a.request('/api/contact', { method: 'POST', headers: json, body: '{"email":1}' }),
    ],
    [
      'POST /api/contact (text/plain)',
      () => a.request('/api/contact', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }),
    ],
    [
      'GET /api/admin/session (wrong key)',
      () => a.request('/api/admin/session', { headers: { 'Admin-Key': 'wrong-key-000000' } }),
    ],
  ];

  it('given PUBLIC_URL on https, when any answer goes out, then it carries Strict-Transport-Security for a year with subdomains', async () => {
    const https = await makeFaultApp({ env: { PUBLIC_URL: 'https://greatlakesetiquette.com' } });
    try {
      const a = createApp(https.deps, { webDist: dist });
      for (const [name, send] of answers(a)) {
        const res = await send();
        expect({ name, hsts: res.headers.get('strict-transport-security') }).toEqual({
          name,
          hsts: 'max-age=31536000; includeSubDomains',
        });
      }
    } finally {
      await https.close();
    }
  });

  it.each([
    ['unset', undefined],
    ['on plain http', 'http://localhost:3000'],
  ])(
    'given PUBLIC_URL %s, when any answer goes out, then it never carries Strict-Transport-Security',
    async (_name, publicUrl) => {
      const plain = await makeFaultApp({ env: publicUrl ? { PUBLIC_URL: publicUrl } : {} });
      try {
        const a = createApp(plain.deps, { webDist: dist });
        for (const [name, send] of answers(a)) {
          const res = await send();
          expect({ name, hsts: res.headers.get('strict-transport-security') }).toEqual({ name, hsts: null });
        }
      } finally {
        await plain.close();
      }
    },
  );
});
