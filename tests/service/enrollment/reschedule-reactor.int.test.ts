import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { enrollmentStream, type EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { OutboxMailer } from '../../../service/mail/outbox.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import { itemOfWorkshop } from '../../../service/enrollment/sale/purchased-item.js';
import { submissionOf } from '../../../service/enrollment/sale/submission.js';
import { FaultyEventStore } from '../../support/faults.js';
import { form } from '../../support/enrollment-events.js';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { adminCall } from '../admin/support.js';

/**
 * The e-mail of a move of the workshop by the school (the `booking-reschedules` reactor records
 * BookingRescheduled on each booking, `after-sale-email` sends it), on the outbox the embedded
 * default writes: one e-mail per booking per change, across failures and redeliveries. Workshop 10
 * is the free networking evening (Tuesday August 19, 2025, 5:00 PM), confirmed at once.
 */

let t: EnrollmentTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const FREE = '10';
const NEW_DATE = '2025-08-26T17:00';

function countingOutbox() {
  const dir = mkdtempSync(join(tmpdir(), 'reschedule-outbox-'));
  const outbox = new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>');
  const asked: MailMessage[] = [];
  const send = outbox.send.bind(outbox);
  outbox.send = async (m) => {
    asked.push(m);
    return send(m);
  };
  return { dir, outbox, asked };
}

async function setup() {
  const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
  const { dir, outbox, asked } = countingOutbox();
  t = await makeEnrollmentApp({ eventStore: store, reactors: true, extra: () => ({ mailer: outbox }) });
  const app = t;
  const enroll = async (email: string) => {
    const r = await app.post(`/api/enroll/workshop/${FREE}`, { ...baseForm({ email }), totalPrice: 0 });
    expect(r.status).toBe(201);
    return ((await r.json()) as EnrollmentResponse).enrollmentId;
  };
  const move = async (change: Partial<Workshop>) => {
    const w = (await (await app.get(`/api/workshops/${FREE}`)).json()) as Workshop;
    const { title, description, category, date, time, location, price, capacity } = w;
    const r = await adminCall(app.app, 'PUT', `/api/admin/workshops/${FREE}`, {
      body: { title, description, category, date, time, location, price, capacity, ...change },
    });
    expect(r.status).toBe(200);
  };
  const movedFiles = () => readdirSync(dir).filter((f) => f.startsWith('moved-'));
  const typesOf = async (enrollmentId: string) =>
    (await app.eventStore.readStream(enrollmentStream(enrollmentId))).map((e) => e.type);
  const count = async (enrollmentId: string, type: string) =>
    (await typesOf(enrollmentId)).filter((x) => x === type).length;
  return { app, store, dir, asked, enroll, move, movedFiles, count };
}

const isRecord = (type: string) => (_stream: string, events: readonly { type: string }[]) =>
  events.some((e) => e.type === type);

describe('the new-date e-mail, once per booking per change', () => {
  it('given three confirmed bookings, when the date moves, then each parent gets one e-mail, each booking one BookingRescheduled and one CustomerNotified; delivered again from the start, nothing more', async () => {
    const { app, asked, enroll, move, movedFiles, count } = await setup();
    const ids = [await enroll('a@example.com'), await enroll('b@example.com'), await enroll('c@example.com')];
    await app.settle();

    await move({ date: NEW_DATE });
    await app.settle();

    const moved = asked.filter((m) => m.subject.startsWith('New date for'));
    expect(moved.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(movedFiles()).toHaveLength(3);
    for (const id of ids) {
      expect(await count(id, 'BookingRescheduled')).toBe(1);
      expect(await count(id, 'CustomerNotified')).toBe(1);
    }

    await app.replayReactors();
    expect(asked.filter((m) => m.subject.startsWith('New date for'))).toHaveLength(3);
    expect(movedFiles()).toHaveLength(3);
    for (const id of ids) {
      expect(await count(id, 'BookingRescheduled')).toBe(1);
      expect(await count(id, 'CustomerNotified')).toBe(1);
    }
  });

  it('given the record of the e-mail fails after the send (a crash between the two), when the event is delivered again, then the same message is written to the same file: one file, one CustomerNotified', async () => {
    const { app, store, asked, enroll, move, movedFiles, count } = await setup();
    const id = await enroll('a@example.com');
    await app.settle();
    store.failAppends({ match: isRecord('CustomerNotified'), when: 'before' });

    await move({ date: NEW_DATE });
    await app.settle();

    expect(store.injected).toBe(1);
    const sent = asked.filter((m) => m.subject.startsWith('New date for'));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.messageId).toBe(sent[1]!.messageId);
    expect(movedFiles()).toHaveLength(1);
    expect(await count(id, 'CustomerNotified')).toBe(1);
  });

  it('given the move of one booking fails half-way through the workshop’s bookings (an outage), when the change is handled again, then every booking moves once and each parent is told once', async () => {
    const { app, store, asked, enroll, move, count } = await setup();
    const ids = [await enroll('a@example.com'), await enroll('b@example.com'), await enroll('c@example.com')];
    await app.settle();
    store.failAppends({ match: isRecord('BookingRescheduled'), when: 'after', times: 2 });

    await move({ date: NEW_DATE });
    await app.settle();

    expect(store.injected).toBe(2);
    for (const id of ids) expect(await count(id, 'BookingRescheduled')).toBe(1);
    expect(asked.filter((m) => m.subject.startsWith('New date for'))).toHaveLength(3);
  });

  it('given a change of price or capacity only, then no booking moves and no e-mail leaves', async () => {
    const { app, asked, enroll, move, count } = await setup();
    const id = await enroll('a@example.com');
    await app.settle();

    await move({ capacity: 60 });
    await app.settle();

    expect(await count(id, 'BookingRescheduled')).toBe(0);
    expect(asked.filter((m) => m.subject.startsWith('New'))).toHaveLength(0);
  });
});

describe('a booking recorded across a change', () => {
  it('given seats held before the date moved and the enrollment recorded after it with the old date, then it is followed up on its own event: it moves to the new date', async () => {
    const { app, move, count } = await setup();
    const enrollmentId = randomUUID();
    const meta = { correlationId: 'c', causationId: 'c', actor: 'visitor' as const, at: new Date().toISOString() };
    // The request took its seats and its item from the workshop as it was...
    const before = await app.deps.commands.state(workshopDecider, workshopStream(FREE));
    await app.deps.commands.handle(
      workshopDecider,
      workshopStream(FREE),
      {
        type: 'ReserveSeats',
        workshopId: FREE,
        enrollmentId,
        seats: 1,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        at: app.deps.clock().toISOString(),
      },
      meta,
    );
    // ...the school moved it (the reactor finds the hold, but no enrollment to move yet)...
    await move({ date: NEW_DATE });
    await app.settle();
    // ...and then the request recorded the enrollment with what it had read.
    const submission: EnrollmentSubmitted = submissionOf({
      enrollmentId,
      workshopId: FREE,
      programId: null,
      form: form({ email: 'late@example.com', participants: 1 }),
      item: itemOfWorkshop(before.workshop!),
      holdExpiresAt: null,
      test: false,
      at: app.deps.clock(),
    });
    await app.eventStore.append(
      enrollmentStream(enrollmentId),
      [{ id: randomUUID(), type: 'EnrollmentSubmitted', data: submission, metadata: meta }],
      'no_stream',
    );
    await app.settle();

    expect(await count(enrollmentId, 'BookingRescheduled')).toBe(1);
    const moved = (await app.eventStore.readStream(enrollmentStream(enrollmentId))).find(
      (e) => e.type === 'BookingRescheduled',
    );
    expect(moved?.data).toMatchObject({ item: { date: '2025-08-26T17:00:00-05:00' }, changed: ['date'] });
  });
});
