import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { makeTestApp, type TestApp, type TestAppOptions } from '../../support/app.js';
import { OfflinePayments } from '../../../service/payments/offline-adapter.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { holdTimer, type TickReport } from '../../../service/enrollment/sale/hold-timer.js';
import type { TimerTicker } from '../../../platform/processor/timer.js';
import { tickerOf } from '../../support/timers.js';

export { MemoryMailer } from '../../support/memory-mailer.js';
export { baseForm, strictForm } from '../../support/enrollment-forms.js';

export const WEBHOOK_SECRET = 'whsec_test_enrollment_suite';

export interface EnrollmentTestApp extends TestApp {
  offline: OfflinePayments;
  mailer: MemoryMailer;
  /** The hold timer, ticked by the tests (it is not started). */
  timer: TimerTicker<TickReport>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string): Promise<Response>;
}

/** The whole app on memory stores, with the offline provider (known secret) and an in-memory mailer. */
export async function makeEnrollmentApp(
  options: TestAppOptions & { clock?: () => Date } = {},
): Promise<EnrollmentTestApp> {
  const offline = new OfflinePayments({ webhookSecret: WEBHOOK_SECRET, clock: options.clock });
  const mailer = new MemoryMailer();
  const dataDir = mkdtempSync(join(tmpdir(), 'enrollment-'));
  const t = await makeTestApp({
    ...options,
    env: { DATA_DIR: dataDir, ...options.env },
    extra: (config) => ({ payments: offline, mailer, ...options.extra?.(config) }),
  });
  const timer = tickerOf(holdTimer(t.deps), t.deps, 'test-timer');
  const app: Hono = t.app;
  return {
    ...t,
    offline,
    mailer,
    timer,
    post: async (path, body, headers = {}) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: async (path) => app.request(path),
  };
}

/** Events of one type in the whole store. */
export async function eventsOfType(t: TestApp, type: string) {
  const all = await t.eventStore.readAll({ limit: 1_000_000 });
  return all.filter((e) => e.type === type);
}
