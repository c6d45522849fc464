import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.js';
import { makeTestApp, type TestApp } from '../support/app.js';
import { asNewVisitor } from '../support/visitors.js';
import { baseForm } from '../support/enrollment-forms.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';

/**
 * Issue 36, item 9: `/api/test/outbox/*` told anyone what the school had e-mailed for an order
 * number (its subject, its size, its attachments), on every server with offline payments (the
 * embedded default `npm start` runs) or the test pages on. It exists only in a test run: a process
 * started with TEST_RUN=true, which the test servers and the Playwright config set and nothing sets
 * by default.
 */
let server: RunningServer | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await server?.stop();
  await t?.close();
  server = t = undefined;
});

const NO_SUCH_API = /There is no API at GET \/api\/test\/outbox\//;

describe('the test outbox route exists only in a test run', () => {
  it('given a server started as `npm start` starts it (offline payments, default configuration), when an order is mailed, then /api/test/outbox answers 404: there is no such API', async () => {
    server = await startServer();
    const r = await fetch(`${server.url}/api/enroll/workshop/10`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asNewVisitor() },
      body: JSON.stringify({ ...baseForm(), totalPrice: 0 }),
    });
    expect(r.status).toBe(201);
    const { orderId } = (await r.json()) as EnrollmentResponse;
    // The confirmation is in the outbox (the e-mail left), yet no route reads it.
    const outbox = join(server.dataDir, 'outbox');
    for (let i = 0; i < 300 && !(existsSync(outbox) && readdirSync(outbox).length > 0); i++)
      await new Promise((done) => setTimeout(done, 100));
    expect(readdirSync(outbox).length).toBeGreaterThan(0);

    const answer = await fetch(`${server.url}/api/test/outbox/${orderId}`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: string }).error).toMatch(NO_SUCH_API);
  });

  it('given Stripe with its test pages on and no TEST_RUN, then 404 too; with TEST_RUN=true, the route answers', async () => {
    t = await makeTestApp({
      env: {
        TEST_RUN: 'false',
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_outbox',
        STRIPE_WEBHOOK_SECRET: 'whsec_outbox',
        TEST_PAGES: 'true',
      },
    });
    const missing = await t.app.request('/api/test/outbox/FREE-abc');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(NO_SUCH_API);
    await t.close();

    t = await makeTestApp({ env: { TEST_RUN: 'true' } });
    const route = await t.app.request('/api/test/outbox/FREE-abc');
    expect(route.status).toBe(404);
    expect(((await route.json()) as { error: string }).error).toMatch(/No e-mail for this order/);
  });
});
