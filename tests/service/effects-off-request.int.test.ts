import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compiled, startServer, type RunningServer } from '../support/server.js';
import { dataDirEvents } from '../support/data-dir-events.js';
import { baseForm, strictForm } from '../support/enrollment-forms.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';

/**
 * Every effect runs where the projections run, never on the API's thread: an API process with
 * PROJECTIONS=external (as in production, where the projector service runs them) answers
 * enrollments, free and paid, and writes no e-mail; once the projector runs on the same DATA_DIR,
 * each confirmation is written exactly once, and a projector started again writes none twice.
 */

const ENV = { PROJECTIONS: 'external', RATE_LIMIT_PER_MINUTE: 'off' };
const JSON_HEADERS = { 'content-type': 'application/json' };

let server: RunningServer | undefined;
let projector: ChildProcess | undefined;
afterAll(async () => {
  projector?.kill('SIGKILL');
  await server?.stop('SIGKILL');
});

const confirmations = (dataDir: string) => {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
};

function startProjector(dataDir: string): ChildProcess {
  return spawn(process.execPath, [compiled('service/projector.js')], {
    env: { ...process.env, ...ENV, DATA_DIR: dataDir, ADMIN_KEY: 'test-admin-key-123456', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return (await r.json()) as T;
}

async function sentConfirmations(dataDir: string): Promise<string[]> {
  const { store, close } = dataDirEvents(dataDir);
  try {
    return (await store.readAll({ limit: 1_000_000 }))
      .filter((e) => e.type === 'ConfirmationEmailSent')
      .map((e) => e.streamId);
  } finally {
    await close();
  }
}

describe('effects off the request', () => {
  it(
    'given an API process that runs no effects, when families enroll free and paid, then they are answered and no e-mail is written; once the projector runs, each confirmation is written exactly once',
    { timeout: 120_000 },
    async () => {
      server = await startServer(ENV);
      const { url, dataDir } = server;

      const free = await post<EnrollmentResponse>(`${url}/api/enroll/workshop/10`, {
        ...baseForm({ email: 'free@example.com' }),
        totalPrice: 0,
      });
      expect(free.orderId).toBe(`FREE-${free.enrollmentId}`);

      const paid = await post<EnrollmentResponse>(`${url}/api/enroll/workshop/4`, {
        ...strictForm({ email: 'paid@example.com' }),
        totalPrice: 75,
      });
      const intent = await post<{ clientSecret: string }>(`${url}/api/create-payment-intent`, {
        enrollmentId: paid.enrollmentId,
        amount: 75,
      });
      const charged = await post<{ paymentIntent?: { status: string } }>(`${url}/api/offline-payments/confirm`, {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      });
      expect(charged.paymentIntent?.status).toBe('succeeded');

      // Everything the answers needed is recorded; the effects wait for a process that runs them.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(confirmations(dataDir)).toEqual([]);
      expect(await sentConfirmations(dataDir)).toEqual([]);

      projector = startProjector(dataDir);
      await until(async () => (await sentConfirmations(dataDir)).length === 2, 'two confirmation e-mails');
      const sent = await sentConfirmations(dataDir);
      expect(sent.sort()).toEqual([`enrollment-${free.enrollmentId}`, `enrollment-${paid.enrollmentId}`].sort());
      expect(confirmations(dataDir)).toHaveLength(2);

      // Killed and started again, it sends nothing twice; a new enrollment's e-mail, later in the
      // feed, shows it has passed the first two again.
      projector.kill('SIGKILL');
      await new Promise((r) => projector!.once('exit', r));
      projector = startProjector(dataDir);
      const later = await post<EnrollmentResponse>(`${url}/api/enroll/workshop/10`, {
        ...baseForm({ email: 'later@example.com' }),
        totalPrice: 0,
      });
      await until(async () => (await sentConfirmations(dataDir)).length >= 3, 'the third confirmation');
      expect((await sentConfirmations(dataDir)).sort()).toEqual(
        [free, paid, later].map((e) => `enrollment-${e.enrollmentId}`).sort(),
      );
      expect(confirmations(dataDir)).toHaveLength(3);
    },
  );
});
