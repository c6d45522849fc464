import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.js';
import { baseForm, strictForm } from '../support/enrollment-forms.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';

/**
 * The abuse limits over real HTTP, against `service/main.ts` behind a "proxy" on loopback
 * (TRUST_PROXY=127.0.0.1): each test client is an X-Forwarded-For address.
 */
const ADMIN_KEY = 'test-admin-key-123456';

const post = (
  server: RunningServer,
  path: string,
  body: unknown,
  from?: string,
  headers: Record<string, string> = {},
) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}), ...headers },
    body: JSON.stringify(body),
  });
const contact = (i: number) => ({
  fullname: `Parent ${i}`,
  email: `parent${i}@example.com`,
  message: `Question number ${i}`,
});
const spotsLeft = async (server: RunningServer, id: string, position: string) =>
  ((await (await fetch(`${server.url}/api/workshops/${id}?minPosition=${position}`)).json()) as Workshop).spotsLeft;

let routeClients = 0;

describe('rate limits on anonymous writes (defaults: burst 10, 20 a minute)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('given one address, when it sends 40 contact messages, then after the burst it gets 429 with Retry-After and a readable error, while another address is served', async () => {
    const statuses: number[] = [];
    const refusals: Response[] = [];
    let position = 0n;
    const written = async (r: Response) => {
      const p = BigInt(((await r.json()) as { position: string }).position);
      if (p > position) position = p;
    };
    // A token comes back every 3 s; on a busy machine the 40 requests can take longer than that,
    // so what the limiter may let through is bounded by the time each answer took to come back.
    const started = Date.now();
    const refilledBy = (instant: number) => Math.floor((instant - started) / 3000);
    let firstRefusalAt = 0;
    for (let i = 0; i < 40; i++) {
      const r = await post(server, '/api/contact', contact(i), '203.0.113.10');
      statuses.push(r.status);
      if (r.status === 429 && !firstRefusalAt) firstRefusalAt = Date.now();
      if (r.status === 429) refusals.push(r);
      else await written(r);
      if (i === 20) {
        // Meanwhile, another parent writes.
        const other = await post(server, '/api/contact', contact(1000), '203.0.113.11');
        expect(other.status).toBe(201);
        await written(other);
      }
    }
    const ended = Date.now();
    // The burst of 10 goes through; the first refusal comes as soon as it is spent (the 11th
    // request, or one later for every 3 s the requests before it took), and no more went through
    // than the burst and the tokens that came back while the 40 were sent.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(firstRefusalAt).toBeGreaterThan(0);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(10 + refilledBy(firstRefusalAt));
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10 + refilledBy(ended));
    const first = refusals[0]!;
    expect(first.headers.get('retry-after')).toMatch(/^[1-3]$/);
    const body = (await first.json()) as { error: string; code: string };
    expect(body).toEqual({
      code: 'rate_limited',
      error: expect.stringMatching(
        /^You have sent many requests in a short time\. Please wait [1-3] seconds? and try again\.$/,
      ),
    });

    // What was refused was not recorded: the inbox holds exactly what got a 201 (this test runs first on this server).
    const inbox = await fetch(`${server.url}/api/admin/inquiries?pageSize=1&minPosition=${position}`, {
      headers: { 'Admin-Key': ADMIN_KEY },
    });
    expect(Number(inbox.headers.get('x-total-count'))).toBe(statuses.filter((s) => s === 201).length + 1);
    await inbox.body?.cancel();
  });

  it.each([
    ['/api/contact', { email: 42 }],
    ['/api/consultation', { preferredDate: [] }],
    ['/api/enroll/workshop/9', { participants: 'many' }],
    ['/api/enroll/program/7', { email: ['x'] }],
    ['/api/create-payment-intent', { enrollmentId: { $ne: null } }],
    ['/api/create-test-charge', { description: { a: 1 } }],
    ['/api/payments/verify', { paymentIntentId: 7 }],
    ['/api/offline-payments/confirm', { clientSecret: 1 }],
    ['/api/test/simulate-payment', { paymentIntentId: 7 }],
  ])(
    'given %s, when one address sends 11 requests, then the 11th is 429 before its body is even looked at',
    async (path, bad) => {
      const from = `198.51.100.${++routeClients}`;
      // The 11th, or one later for every 3 s the requests took (a token comes back every 3 s).
      const started = Date.now();
      let sent = 0;
      for (; sent < 10; sent++) {
        const r = await post(server, path, bad, from);
        expect(r.status, `${path} #${sent}`).toBe(400);
        await r.body?.cancel();
      }
      let r = await post(server, path, bad, from);
      for (sent++; r.status === 400 && sent < 40; sent++) {
        await r.body?.cancel();
        r = await post(server, path, bad, from);
      }
      expect(r.status).toBe(429);
      expect(sent - 1).toBeLessThanOrEqual(10 + Math.floor((Date.now() - started) / 3000));
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    },
  );

  it('given an address whose bucket is empty, then its GETs, the signed webhook and the admin area are not limited by it', async () => {
    const from = '203.0.113.250';
    // Emptied: sent to until refused (a token comes back every 3 s, so on a busy machine past 11).
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      const r = await post(server, '/api/contact', contact(i), from);
      refused = r.status === 429;
      await r.body?.cancel();
    }
    expect(refused).toBe(true);
    for (let i = 0; i < 15; i++) {
      const r = await fetch(`${server.url}/api/workshops`, { headers: { 'x-forwarded-for': from } });
      expect(r.status).toBe(200);
      await r.body?.cancel();
      const hook = await post(server, '/api/webhook', { type: 'payment_intent.succeeded' }, from, {
        'stripe-signature': 't=1,v1=00',
      });
      expect(hook.status).toBe(400);
      await hook.body?.cancel();
    }
    const admin = await fetch(`${server.url}/api/admin/dashboard`, {
      headers: { 'Admin-Key': ADMIN_KEY, 'x-forwarded-for': from },
    });
    expect(admin.status).toBe(200);
    await admin.body?.cancel();
  });
});

describe('X-Forwarded-For from a peer that is not a trusted proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '' });
  });
  afterAll(() => server?.stop());

  it('given no TRUST_PROXY, when one client sends 12 messages each claiming another address, then they all count against its socket address', async () => {
    // Sent until the first refusal (at most 40): counted per claimed address, none would be refused.
    // A token comes back every 3 s, so on a busy machine the refusal may come a request or two later.
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      const r = await post(server, '/api/contact', contact(i), `192.0.2.${i + 1}`);
      statuses.push(r.status);
      await r.body?.cancel();
    }
    const refilled = Math.floor((Date.now() - started) / 3000);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length - 1).toBeLessThanOrEqual(10 + refilled);
  });
});

describe('unpaid holds per client address (MAX_HELD_SEATS_PER_CLIENT=10)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A burst large enough that the hold cap, not the request rate, is what refuses here.
    server = await startServer({ RATE_LIMIT_BURST: '1000', HOLD_MINUTES: '30' });
  });
  afterAll(() => server?.stop());

  // Workshop 9 ($130, capacity 16) takes the base form; workshop 4 ($75, capacity 15) the stricter one.
  const enrollment = (i: number, participants = 2) =>
    i % 2 === 0
      ? {
          path: '/api/enroll/workshop/9',
          body: { ...baseForm({ participants, email: `hoarder+${i}@example.com` }), totalPrice: 130 * participants },
        }
      : {
          path: '/api/enroll/workshop/4',
          body: { ...strictForm({ participants, email: `hoarder+${i}@example.com` }), totalPrice: 75 * participants },
        };

  it('given one address, when it sends 30 enrollments of 2 seats at once across workshops under different e-mails, then at most 10 seats are held and the rest are refused with a wait a parent understands; another address is served', async () => {
    const before = { '9': await spotsLeft(server, '9', '0'), '4': await spotsLeft(server, '4', '0') };
    const responses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const { path, body } = enrollment(i);
        const r = await post(server, path, body, '203.0.113.50');
        return {
          status: r.status,
          retryAfter: r.headers.get('retry-after'),
          body: (await r.json()) as EnrollmentResponse & { error?: string; code?: string },
        };
      }),
    );
    const accepted = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 429);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const r of refused) {
      expect(r.body.code).toBe('rate_limited');
      expect(r.body.error).toMatch(
        /^You already have 10 seats reserved and not yet paid, and at most 10 can be held at a time\. Please complete the payment/,
      );
      // Until the earliest hold (30 minutes) ends.
      expect(Number(r.retryAfter)).toBeGreaterThan(29 * 60);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(30 * 60);
    }

    const other = enrollment(100, 1);
    const served = await post(server, other.path, other.body, '203.0.113.51');
    expect(served.status).toBe(201);
    const position = ((await served.json()) as EnrollmentResponse).position;
    const held =
      before['9'] - (await spotsLeft(server, '9', position)) + before['4'] - (await spotsLeft(server, '4', position));
    expect(held).toBe(10 + 1);
  });

  it('given a parent holding 2 seats, when they submit again and again from the same browser (each answer’s hold token sent back), then each new hold replaces the last: the old seats go back and the allowance is not used up', async () => {
    const from = '203.0.113.60';
    const form = (participants: number, holdToken?: string) => ({
      ...baseForm({ participants, email: 'indecisive@example.com' }),
      totalPrice: 130 * participants,
      ...(holdToken ? { holdToken } : {}),
    });
    const first = (await (await post(server, '/api/enroll/workshop/9', form(2), from)).json()) as EnrollmentResponse;
    const before = (await spotsLeft(server, '9', first.position)) + 2;
    let last = first;
    for (const n of [3, 4, 5, 4, 5, 3]) {
      const r = await post(server, '/api/enroll/workshop/9', form(n, last.holdToken), from);
      expect(r.status).toBe(201);
      last = (await r.json()) as EnrollmentResponse;
    }
    expect(await spotsLeft(server, '9', last.position)).toBe(before - 3);

    const history = await fetch(
      `${server.url}/api/admin/enrollments/${first.enrollmentId}/history?minPosition=${last.position}`,
      { headers: { 'Admin-Key': ADMIN_KEY } },
    );
    const entries = ((await history.json()) as { events: { type: string; summary: string }[] }).events;
    expect(entries.map((e) => e.type)).toEqual(['EnrollmentSubmitted', 'EnrollmentCancelled']);
    expect(entries[1]!.summary).toMatch(/the same parent submitted the form again/);
  });
});

describe('wrong admin keys are counted per client', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  const dashboard = (key: string, from: string) =>
    fetch(`${server.url}/api/admin/dashboard`, { headers: { 'Admin-Key': key, 'x-forwarded-for': from } });

  it('given one address guessing keys until it is blocked, then its next guess is 429, while the right key gets in from it and from another address', async () => {
    for (let i = 0; i < 15; i++) await (await dashboard(`guess-${i}-wrong-key`, '203.0.113.70')).body?.cancel();
    const blocked = await dashboard('guess-16-wrong-key', '203.0.113.70');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await blocked.body?.cancel();
    // The right key is checked first: the guesses of its address (a shared office) never refuse it.
    const same = await dashboard(ADMIN_KEY, '203.0.113.70');
    expect(same.status).toBe(200);
    await same.body?.cancel();

    const other = await dashboard(ADMIN_KEY, '203.0.113.71');
    expect(other.status).toBe(200);
    await other.body?.cancel();
    // An IPv6 administrator elsewhere is not touched either.
    expect((await dashboard(ADMIN_KEY, '2001:db8:77::5')).status).toBe(200);
  });
});
