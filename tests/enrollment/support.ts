import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { makeTestApp, type TestApp, type TestAppOptions } from '../support/app.js';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import type { Mailer, MailMessage } from '../../service/mail/port.js';
import { EnrollmentReactor } from '../../service/enrollment/reactor.js';
import type { EnrollmentFormInput } from '../../contracts/enrollment/form.js';

export const WEBHOOK_SECRET = 'whsec_test_enrollment_suite';

/** Keeps sent mail in memory. */
export class MemoryMailer implements Mailer {
  readonly transport = 'outbox' as const;
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

export interface EnrollmentTestApp extends TestApp {
  offline: OfflinePayments;
  mailer: MemoryMailer;
  reactor: EnrollmentReactor;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string): Promise<Response>;
}

/** The whole app on memory stores, with the offline provider (known secret) and an in-memory mailer. */
export async function makeEnrollmentApp(options: TestAppOptions & { clock?: () => Date } = {}): Promise<EnrollmentTestApp> {
  const offline = new OfflinePayments({ webhookSecret: WEBHOOK_SECRET, clock: options.clock });
  const mailer = new MemoryMailer();
  const dataDir = mkdtempSync(join(tmpdir(), 'enrollment-'));
  const t = await makeTestApp({
    ...options,
    env: { DATA_DIR: dataDir, ...options.env },
    extra: (config) => ({ payments: offline, mailer, ...options.extra?.(config) }),
  });
  const reactor = new EnrollmentReactor(t.deps, { owner: 'test-reactor' });
  const app: Hono = t.app;
  return {
    ...t,
    offline,
    mailer,
    reactor,
    post: async (path, body, headers = {}) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
    get: async (path) => app.request(path),
  };
}

/** A base form that passes. */
export const baseForm = (overrides: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput => ({
  firstName: 'Eleanor',
  lastName: 'Whitfield',
  email: 'eleanor@example.com',
  phone: '9725550100',
  participants: 1,
  agreeToTerms: true,
  ...overrides,
});

/** A stricter (children, summer, tea-party) form that passes. */
export const strictForm = (overrides: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput =>
  baseForm({
    studentName: 'Lily Whitfield',
    studentAge: 8,
    studentGrade: '3rd',
    school: 'Hedgcoxe Elementary',
    emergencyContact1Name: 'James Whitfield',
    emergencyContact1Phone: '9725550101',
    emergencyContact1Relationship: 'Father',
    emergencyContact2Name: 'Ruth Porter',
    emergencyContact2Phone: '9725550102',
    emergencyContact2Relationship: 'Grandmother',
    agreeToCodeOfConduct: true,
    ...overrides,
  });

/** Events of one type in the whole store. */
export async function eventsOfType(t: TestApp, type: string) {
  const all = await t.eventStore.readAll({ limit: 1_000_000 });
  return all.filter((e) => e.type === type);
}
