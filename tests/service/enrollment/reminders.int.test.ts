import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import type { EventStore } from '../../../platform/eventstore/port.js';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { SqliteReadStore } from '../../../platform/readstore/sqlite.js';
import type { ReadStore } from '../../../platform/readstore/port.js';
import { eventSchemas } from '../../../contracts/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { OutboxMailer } from '../../../service/mail/outbox.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { reminderTimer } from '../../../service/enrollment/emails/reminder-timer.js';
import { tickerOf } from '../../support/timers.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { FaultyEventStore } from '../../support/faults.js';

/**
 * The one reminder before a workshop, on the outbox the embedded default writes. Workshop 10 is
 * free and starts 2025-08-19 at 5:00 PM Central (22:00 UTC); REMINDER_HOURS is the default 48.
 */
const STARTS = new Date('2025-08-19T22:00:00.000Z');
const hoursBefore = (h: number) => new Date(STARTS.getTime() - h * 3_600_000);
const FROM = 'Great Lakes Etiquette <hello@greatlakesetiquette.com>';

/** A clock the test moves, shared by every "process" of a test. */
function testClock(at: Date) {
  let now = at;
  return { clock: () => now, set: (at: Date) => void (now = at) };
}

/** An outbox in a folder that also counts what it was asked to send. */
function countingOutbox(dir = mkdtempSync(join(tmpdir(), 'reminder-outbox-'))) {
  const outbox = new OutboxMailer(dir, FROM);
  const asked: MailMessage[] = [];
  const send = outbox.send.bind(outbox);
  outbox.send = async (m) => {
    asked.push(m);
    return send(m);
  };
  return { dir, outbox, asked };
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** One API process: the app on the given stores, its outbox, and its reminder timer (ticked by the test). */
async function startProcess(o: {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  outboxDir?: string;
  seed?: boolean;
  owner?: string;
  takeOverAtStart?: boolean;
  /** Run the reactors too (the confirmation e-mail, into the same outbox). */
  reactors?: boolean;
}) {
  const { dir, outbox, asked } = countingOutbox(o.outboxDir);
  const app: TestApp = await makeTestApp({
    eventStore: o.eventStore,
    readStore: o.readStore,
    clock: o.clock,
    seed: o.seed,
    reactors: o.reactors,
    extra: () => ({ mailer: outbox }),
  });
  const timer = tickerOf(reminderTimer(app.deps), app.deps, o.owner ?? `reminders-${randomUUID()}`, o.takeOverAtStart);
  const proc = {
    app,
    timer,
    dir,
    asked,
    async close() {
      await timer.stop();
      await app.close();
    },
  };
  open.push(proc);
  return proc;
}

async function enrollFree(app: TestApp, email = 'ann@example.com') {
  const r = await app.app.request('/api/enroll/workshop/10', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...baseForm({ email }), totalPrice: 0 }),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as EnrollmentResponse;
}

const remindersOf = async (store: EventStore, enrollmentId: string) =>
  (await store.readStream(enrollmentStream(enrollmentId))).filter((e) => e.type === 'ReminderSent');

const memoryStores = () => ({
  eventStore: validatingEventStore(new MemoryEventStore(), eventSchemas),
  readStore: new MemoryReadStore(),
});

describe('reminder e-mail', () => {
  it('given an enrollment confirmed 9 days ahead, then nothing until the workshop is less than 48 hours away; then one reminder with the day’s facts and the .ics, and never a second', async () => {
    const time = testClock(hoursBefore(24 * 9));
    const p = await startProcess({ ...memoryStores(), clock: time.clock });
    const { enrollmentId, orderId } = await enrollFree(p.app);
    await p.app.settle();

    time.set(hoursBefore(49));
    expect(await p.timer.tick()).toEqual({ sent: 0, failures: 0 });
    expect(p.asked).toEqual([]);

    time.set(hoursBefore(47));
    expect(await p.timer.tick()).toEqual({ sent: 1, failures: 0 });
    await p.app.settle();
    time.set(hoursBefore(20));
    expect(await p.timer.tick()).toEqual({ sent: 0, failures: 0 });

    expect(p.asked).toHaveLength(1);
    const [mail] = p.asked;
    expect(mail!.messageId).toBe(`<REMINDER-${orderId}@greatlakesetiquette.com>`);
    expect(mail!.subject).toBe(
      `Reminder: Global Chamber of Commerce Networking Event on Tuesday, August 19 (${orderId})`,
    );
    for (const fact of ['Tuesday, August 19, 2025', 'Address:', 'Attire:', 'Please arrive 15 minutes early']) {
      expect(mail!.text).toContain(fact);
    }
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`GreatLakesEtiquette-${orderId}.ics`]);
    expect(readdirSync(p.dir)).toEqual([`REMINDER-${orderId}.eml`]);
    const eml = readFileSync(join(p.dir, `REMINDER-${orderId}.eml`), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toMatch(/Content-Type: text\/calendar/);
    expect(await remindersOf(p.app.eventStore, enrollmentId)).toHaveLength(1);
    const history = await p.app.readStore.get<{ events: { type: string; summary: string }[] }>(
      'enrollment-history',
      enrollmentId,
    );
    expect(history?.doc.events.at(-1)).toMatchObject({ type: 'ReminderSent' });
  });

  it('given an enrollment confirmed 20 hours before the start, then no reminder, and its confirmation says it is the only e-mail before the workshop', async () => {
    const time = testClock(hoursBefore(20));
    const p = await startProcess({ ...memoryStores(), clock: time.clock, reactors: true });
    const { enrollmentId, orderId } = await enrollFree(p.app);
    await p.app.settle();
    for (const h of [19, 10, 1]) {
      time.set(hoursBefore(h));
      expect(await p.timer.tick()).toEqual({ sent: 0, failures: 0 });
    }
    expect(p.asked.map((m) => m.messageId)).toEqual([`<${orderId}@greatlakesetiquette.com>`]);
    expect(p.asked[0]!.text).toContain(
      'Your workshop is less than 48 hours away, so this is the only e-mail you will get before it.',
    );
    expect(await remindersOf(p.app.eventStore, enrollmentId)).toEqual([]);
  });

  it('given an enrollment confirmed 3 days ahead, then its confirmation promises nothing of the sort', async () => {
    const time = testClock(hoursBefore(72));
    const p = await startProcess({ ...memoryStores(), clock: time.clock, reactors: true });
    await enrollFree(p.app);
    await p.app.settle();
    expect(p.asked).toHaveLength(1);
    expect(p.asked[0]!.text).not.toContain('only e-mail');
  });

  it('given a confirmed enrollment cancelled before the window, then no reminder, also when the read model has not seen the cancellation yet', async () => {
    const time = testClock(hoursBefore(24 * 5));
    const p = await startProcess({ ...memoryStores(), clock: time.clock });
    const seen = await enrollFree(p.app, 'seen@example.com');
    const unseen = await enrollFree(p.app, 'unseen@example.com');
    await p.app.settle();
    // The cancellation as the administrator's cancel records it (EnrollmentCancelled on the stream).
    const cancel = (enrollmentId: string) =>
      p.app.eventStore.append(
        enrollmentStream(enrollmentId),
        [
          {
            id: randomUUID(),
            type: 'EnrollmentCancelled',
            data: { enrollmentId, reason: 'cancelled-by-admin', cancelledAt: time.clock().toISOString() },
            metadata: { correlationId: 'c', causationId: 'c', actor: 'admin', at: time.clock().toISOString() },
          },
        ],
        'any',
      );
    await cancel(seen.enrollmentId);
    await p.app.settle();
    expect(await p.app.readStore.get('reminders', seen.enrollmentId)).toBeNull();
    // The projections stop before the second cancellation: the read model still lists that enrollment.
    await p.app.runner.stop();
    await cancel(unseen.enrollmentId);
    expect(await p.app.readStore.get('reminders', unseen.enrollmentId)).not.toBeNull();

    time.set(hoursBefore(40));
    expect(await p.timer.tick()).toEqual({ sent: 0, failures: 0 });
    expect(p.asked).toEqual([]);
    expect(await remindersOf(p.app.eventStore, seen.enrollmentId)).toEqual([]);
    expect(await remindersOf(p.app.eventStore, unseen.enrollmentId)).toEqual([]);
  });

  it('given a crash between the send and its record, when the process restarts on the same files, then the same message goes to the same .eml once more, one ReminderSent, and a later restart sends nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reminder-restart-'));
    const outboxDir = join(dataDir, 'outbox');
    const time = testClock(hoursBefore(24 * 9));
    const files = () => ({
      events: new SqliteEventStore(join(dataDir, 'events.db')),
      read: new SqliteReadStore(join(dataDir, 'read.db')),
    });

    // First process: enrolls, then sends the reminder and dies before recording it.
    const first = files();
    const faulty = new FaultyEventStore(validatingEventStore(first.events, eventSchemas));
    const a = await startProcess({
      eventStore: faulty,
      readStore: first.read,
      clock: time.clock,
      outboxDir,
      owner: 'process-a',
      takeOverAtStart: true,
    });
    const { enrollmentId, orderId } = await enrollFree(a.app);
    await a.app.settle();
    time.set(hoursBefore(30));
    faulty.failAppends({ match: (_s, events) => events.some((e) => e.type === 'ReminderSent'), when: 'before' });
    expect(await a.timer.tick()).toEqual({ sent: 0, failures: 1 });
    expect(faulty.injected).toBe(1);
    expect(a.asked).toHaveLength(1);
    // Killed: nothing released, nothing flushed beyond what was committed.
    await a.app.close();
    open.splice(open.indexOf(a), 1);
    await first.events.close();
    await first.read.close();

    // Second process on the same files: the lease left by the dead one is taken over at start.
    time.set(hoursBefore(29));
    const second = files();
    const b = await startProcess({
      eventStore: validatingEventStore(second.events, eventSchemas),
      readStore: second.read,
      clock: time.clock,
      outboxDir,
      seed: false,
      owner: 'process-b',
      takeOverAtStart: true,
    });
    expect(await b.timer.tick()).toEqual({ sent: 1, failures: 0 });
    expect(b.asked.map((m) => m.messageId)).toEqual(a.asked.map((m) => m.messageId));
    expect(b.asked[0]!.text).toBe(a.asked[0]!.text);
    await b.close();
    open.splice(open.indexOf(b), 1);
    await second.events.close();
    await second.read.close();

    // Third start: the record is on the stream and the read model dropped it; nothing is sent.
    time.set(hoursBefore(28));
    const third = files();
    const c = await startProcess({
      eventStore: validatingEventStore(third.events, eventSchemas),
      readStore: third.read,
      clock: time.clock,
      outboxDir,
      seed: false,
      owner: 'process-c',
      takeOverAtStart: true,
    });
    expect(await c.timer.tick()).toEqual({ sent: 0, failures: 0 });
    expect(c.asked).toEqual([]);
    expect(readdirSync(outboxDir).filter((f) => f.startsWith('REMINDER-'))).toEqual([`REMINDER-${orderId}.eml`]);
    expect(await remindersOf(c.app.eventStore, enrollmentId)).toHaveLength(1);
    await c.close();
    open.splice(open.indexOf(c), 1);
    await third.events.close();
    await third.read.close();
  });

  it('given two API processes on one event store and one read store, when both tick again and again, then each enrollment gets exactly one reminder', async () => {
    const time = testClock(hoursBefore(24 * 9));
    const stores = memoryStores();
    const outboxDir = mkdtempSync(join(tmpdir(), 'reminder-two-'));
    const a = await startProcess({ ...stores, clock: time.clock, outboxDir, owner: 'process-a' });
    const b = await startProcess({ ...stores, clock: time.clock, outboxDir, seed: false, owner: 'process-b' });
    const enrolled: EnrollmentResponse[] = [];
    for (let i = 0; i < 6; i++) enrolled.push(await enrollFree(i % 2 ? a.app : b.app, `parent${i}@example.com`));
    await a.app.settle();
    await b.app.settle();

    time.set(hoursBefore(47));
    for (let round = 0; round < 4; round++) {
      await Promise.all([a.timer.tick(), b.timer.tick()]);
      await a.app.settle();
      await b.app.settle();
    }
    // The lease kept the sending to one process.
    expect([a.asked.length, b.asked.length].sort()).toEqual([0, 6]);
    for (const { enrollmentId } of enrolled) expect(await remindersOf(stores.eventStore, enrollmentId)).toHaveLength(1);
    expect(readdirSync(outboxDir).sort()).toEqual(enrolled.map((e) => `REMINDER-${e.orderId}.eml`).sort());

    // The sender stops (its lease released): the other takes over and has nothing left to send.
    const [sender, other] = a.asked.length ? [a, b] : [b, a];
    await sender.timer.stop();
    time.set(hoursBefore(40));
    expect(await other.timer.tick()).toEqual({ sent: 0, failures: 0 });
  });

  it('given two processes that both hold the lease at once (each took it over at start), then both may send the same message, and the decider still records one reminder', async () => {
    const time = testClock(hoursBefore(24 * 9));
    const stores = memoryStores();
    const a = await startProcess({ ...stores, clock: time.clock, owner: 'process-a', takeOverAtStart: true });
    const b = await startProcess({
      ...stores,
      clock: time.clock,
      seed: false,
      owner: 'process-b',
      takeOverAtStart: true,
    });
    const { enrollmentId, orderId } = await enrollFree(a.app);
    await a.app.settle();
    time.set(hoursBefore(47));
    // Both take the lease at their first pass; both find the reminder due before either records it.
    await Promise.all([a.timer.tick(), b.timer.tick()]);
    await a.app.settle();
    const sends = [...a.asked, ...b.asked].map((m) => m.messageId);
    // Both sent (the at-least-once window): the same message, so one outbox file...
    expect(sends).toEqual([
      `<REMINDER-${orderId}@greatlakesetiquette.com>`,
      `<REMINDER-${orderId}@greatlakesetiquette.com>`,
    ]);
    // ...and the second record was nothing.
    expect(await remindersOf(stores.eventStore, enrollmentId)).toHaveLength(1);
  });
});

describe('reminders of a course', () => {
  it('given a free weekly course of 3 sessions written through the admin API, then one reminder before each session, each once, across a restart', async () => {
    const first = new Date('2025-09-06T15:00:00.000Z'); // Saturday 10:00 AM CDT
    const week = 7 * 24 * 3_600_000;
    const at = (i: number, hoursBeforeStart: number) =>
      new Date(first.getTime() + i * week - hoursBeforeStart * 3_600_000);
    const time = testClock(at(0, 24 * 9));
    const stores = memoryStores();
    const p = await startProcess({ ...stores, clock: time.clock });
    const created = await p.app.app.request('/api/admin/workshops', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Admin-Key': 'test-admin-key-123456' },
      body: JSON.stringify({
        title: 'Saturday Dining Course',
        description: 'Three Saturdays at the table.',
        category: 'adult',
        location: 'Plano',
        price: 0,
        capacity: 10,
        sessions: [6, 13, 20].map((d) => ({
          startsAt: `2025-09-${String(d).padStart(2, '0')}T10:00`,
          endsAt: `2025-09-${String(d).padStart(2, '0')}T11:30`,
        })),
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const r = await p.app.app.request(`/api/enroll/workshop/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...baseForm({ email: 'cora@example.com' }), totalPrice: 0 }),
    });
    expect(r.status).toBe(201);
    const { enrollmentId, orderId } = (await r.json()) as EnrollmentResponse;
    await p.app.settle();

    for (const session of [0, 1, 2]) {
      time.set(at(session, 49));
      expect(await p.timer.tick()).toEqual({ sent: 0, failures: 0 });
      time.set(at(session, 47));
      expect(await p.timer.tick()).toEqual({ sent: 1, failures: 0 });
      await p.app.settle();
    }
    expect(p.asked.map((m) => m.messageId)).toEqual([
      `<REMINDER-${orderId}@greatlakesetiquette.com>`,
      `<REMINDER-${orderId}-s2@greatlakesetiquette.com>`,
      `<REMINDER-${orderId}-s3@greatlakesetiquette.com>`,
    ]);
    expect(p.asked[1]!.subject).toBe(
      `Reminder: Saturday Dining Course, Session 2 of 3, Saturday, September 13, 2025 (${orderId})`,
    );
    expect(p.asked[2]!.text).toContain('Next: Session 3 of 3, Saturday, September 20, 2025.');

    // Another process on the same stores, its read models rebuilt: nothing is sent twice.
    await p.close();
    const again = await startProcess({
      eventStore: stores.eventStore,
      readStore: new MemoryReadStore(),
      clock: time.clock,
      seed: false,
      takeOverAtStart: true,
    });
    await again.app.settle();
    expect(await again.timer.tick()).toEqual({ sent: 0, failures: 0 });
    expect(
      (await remindersOf(stores.eventStore, enrollmentId)).map((e) => (e.data as { session: number }).session),
    ).toEqual([1, 2, 3]);
  });
});
