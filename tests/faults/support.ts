import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, RecordedEvent } from '../../platform/eventstore/port.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { MemoryReadStore } from '../../platform/readstore/memory.js';
import { ProcessorRunner } from '../../platform/processor/runner.js';
import { allProjectors } from '../../projections/index.js';
import { makeTestApp, testClock, type TestApp, type TestAppOptions } from '../support/app.js';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import type { PaymentsPort } from '../../service/payments/port.js';
import { MemoryMailer } from '../support/memory-mailer.js';
import { baseForm, strictForm } from '../support/enrollment-forms.js';
import { workshopDecider, type WorkshopState } from '../../service/catalogue/workshop-decider.js';
import { enrollmentDecider, type EnrollmentState } from '../../service/enrollment/decider/enrollment-decider.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';

export const ADMIN_KEY = 'test-admin-key-123456';
export const WEBHOOK_SECRET = 'whsec_test_faults_suite';

export interface FaultApp extends TestApp {
  mailer: MemoryMailer;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

/** The whole app on memory stores (or the given, fault-injecting ones), offline payments, memory mail, temp DATA_DIR. */
export async function makeFaultApp(options: TestAppOptions & { payments?: PaymentsPort } = {}): Promise<FaultApp> {
  const mailer = new MemoryMailer();
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-'));
  const payments = options.payments ?? new OfflinePayments({ webhookSecret: WEBHOOK_SECRET });
  const t = await makeTestApp({
    ...options,
    env: { DATA_DIR: dataDir, ...options.env },
    extra: (config) => ({ payments, mailer, ...options.extra?.(config) }),
  });
  return {
    ...t,
    mailer,
    post: (path, body, headers = {}) =>
      Promise.resolve(
        t.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      ),
    get: (path, headers = {}) => Promise.resolve(t.app.request(path, { headers })),
  };
}

/** Workshop 10 is free (capacity 50); workshop 4 costs $75 (capacity 15) and takes the stricter form. */
export const freeEnrollment = (participants = 1, overrides: Record<string, unknown> = {}) => ({
  ...baseForm({ participants, ...overrides }),
  totalPrice: 0,
});
export const paidEnrollment = (participants = 1, overrides: Record<string, unknown> = {}) => ({
  ...strictForm({ participants, ...overrides }),
  totalPrice: 75 * participants,
});

/** Every event of a store, in feed order. */
export async function allEvents(store: EventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let after: bigint | undefined; ;) {
    const page = await store.readAll({ after, limit: 5_000 });
    if (page.length === 0) return out;
    out.push(...page);
    after = page[page.length - 1]!.position;
  }
}

export type Snapshot = Record<string, { id: string; position: string; doc: unknown }[]>;

/** Every document of every projection's collection, with its position, in id order. */
export async function snapshotReadModels(store: ReadStore): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const p of allProjectors) {
    const { items } = await store.find(p.collection, { sort: [{ field: 'id', direction: 'asc' }] });
    out[p.collection] = items.map((i) => ({ id: i.id, position: i.position.toString(), doc: i.doc }));
  }
  return out;
}

/** The read models a clean rebuild from the first event gives: a fresh runner on a fresh memory read store. */
export async function cleanRebuild(eventStore: EventStore): Promise<{ snapshot: Snapshot; head: bigint }> {
  const readStore = new MemoryReadStore();
  const runner = new ProcessorRunner({ eventStore, readStore, projectors: allProjectors, owner: 'clean-rebuild' });
  runner.start();
  const head = await eventStore.headPosition();
  try {
    if (!(await runner.waitFor(head, undefined, 20_000))) throw new Error('the clean rebuild did not reach the head');
  } finally {
    await runner.stop();
  }
  return { snapshot: await snapshotReadModels(readStore), head };
}

/** Workshop and enrollment states folded from the events, for invariants across streams. */
export function foldStreams(events: readonly RecordedEvent[]) {
  const workshops = new Map<string, WorkshopState>();
  const enrollments = new Map<string, EnrollmentState>();
  for (const e of events) {
    if (e.streamId.startsWith('workshop-')) {
      const id = e.streamId.slice('workshop-'.length);
      workshops.set(
        id,
        workshopDecider.evolve(workshops.get(id) ?? workshopDecider.initialState, e as unknown as WorkshopEvent),
      );
    } else if (e.streamId.startsWith('enrollment-')) {
      const id = e.streamId.slice('enrollment-'.length);
      enrollments.set(
        id,
        enrollmentDecider.evolve(
          enrollments.get(id) ?? enrollmentDecider.initialState,
          e as unknown as EnrollmentEvent,
        ),
      );
    }
  }
  return { workshops, enrollments };
}

/** Seat-keeping enrollments are those not expired, cancelled or refunded. */
export const keepsSeats = (s: EnrollmentState, now: Date) =>
  s.status === 'confirmed' ||
  s.status === 'paid' ||
  (s.status === 'pending' && (!s.submission?.holdExpiresAt || new Date(s.submission.holdExpiresAt) > now));

/**
 * The two directions of "a hold belongs to an enrollment" for one workshop:
 * - orphanHolds: seats held or confirmed on the workshop for an enrollment that was never recorded;
 * - unseated: recorded enrollments that keep seats (pending and unexpired, paid, confirmed) but
 *   have neither a hold nor confirmed seats on their workshop.
 */
export function seatInvariants(events: readonly RecordedEvent[], workshopId: string, now = testClock()) {
  const { workshops, enrollments } = foldStreams(events);
  const w = workshops.get(workshopId) ?? workshopDecider.initialState;
  const seated = new Set([...Object.keys(w.holds), ...Object.keys(w.confirmed)]);
  const orphanHolds = [...seated].filter((id) => !enrollments.get(id)?.submission);
  const unseated: { id: string; status: string }[] = [];
  let liveSeats = 0;
  for (const [id, s] of enrollments) {
    if (s.submission?.workshopId !== workshopId) continue;
    if (!keepsSeats(s, now)) continue;
    liveSeats += s.submission.participants;
    if (!seated.has(id)) unseated.push({ id, status: s.status });
  }
  const taken = [...Object.values(w.holds), ...Object.values(w.confirmed)].reduce((a, b) => a + b, 0);
  return { state: w, capacity: w.workshop?.capacity ?? 0, taken, liveSeats, orphanHolds, unseated, enrollments };
}

/** Polls `check` every `everyMs` until it returns true or `timeoutMs` passes; returns the last result. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
