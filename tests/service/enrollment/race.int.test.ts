import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseForm, eventsOfType, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { asNewVisitor, nextParentEmail } from '../../support/visitors.js';

const CAPACITY = 10;
const REQUESTS = 200;
const ROUNDS = 20;

let t: EnrollmentTestApp;
let now = new Date('2025-05-01T15:00:00Z');

beforeAll(async () => {
  const sqlite = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'race-')), 'events.db'));
  // The app sits behind a proxy on loopback: each request below is another parent, with their own
  // client address (X-Forwarded-For) and e-mail, as 200 people racing for seats would be.
  t = await makeEnrollmentApp({
    eventStore: validatingEventStore(sqlite, eventSchemas),
    clock: () => now,
    env: { HOLD_MINUTES: '30', TRUST_PROXY: '127.0.0.1' },
  });
});
afterAll(async () => {
  await t.close();
  await t.eventStore.close();
});

async function scheduleWorkshop(id: string) {
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: `Race ${id}`, capacity: CAPACITY, price: 40 };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: now.toISOString() };
  await t.eventStore.append(
    workshopStream(id),
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
    'no_stream',
  );
}

const enroll = (id: string) =>
  t.post(`/api/enroll/workshop/${id}`, { ...baseForm({ email: nextParentEmail() }), totalPrice: 40 }, asNewVisitor());

describe('seat holds under contention', () => {
  it(`given a ${CAPACITY}-seat workshop, when ${REQUESTS} enrollments arrive at once (x${ROUNDS}), then exactly ${CAPACITY} hold seats and the rest get a clear 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = `race-${round}`;
      await scheduleWorkshop(id);
      const responses = await Promise.all(Array.from({ length: REQUESTS }, () => enroll(id)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(CAPACITY);
      expect(statuses.filter((s) => s === 409)).toHaveLength(REQUESTS - CAPACITY);
      const refused = await Promise.all(
        responses.filter((r) => r.status === 409).map((r) => r.json() as Promise<{ error: string }>),
      );
      expect(new Set(refused.map((b) => b.error))).toEqual(
        new Set(['Sorry, this workshop is full. Please choose another date or contact us to join the waiting list.']),
      );

      const stream = await t.eventStore.readStream(workshopStream(id));
      const held = stream
        .filter((e) => e.type === 'SeatsReserved')
        .reduce((n, e) => n + (e.data as { seats: number }).seats, 0);
      expect(held).toBe(CAPACITY);
    }
    expect(await eventsOfType(t, 'EnrollmentSubmitted')).toHaveLength(CAPACITY * ROUNDS);
  });

  it('given a full workshop whose holds lapse, when the hold timer runs after HOLD_MINUTES, then the seats come back and the enrollments are expired', async () => {
    const id = 'race-expiry';
    await scheduleWorkshop(id);
    await Promise.all(Array.from({ length: 30 }, () => enroll(id)));
    expect((await enroll(id)).status).toBe(409);

    now = new Date(now.getTime() + 29 * 60_000);
    await t.settle();
    expect((await t.timer.tick()).expired).toBe(0);

    now = new Date(now.getTime() + 2 * 60_000);
    await t.settle();
    // The hold timer takes at most 200 holds a pass; the earlier test left 200 more that lapse too.
    let expiredByReactor = 0;
    for (let pass = 0; pass < 5; pass++) {
      const { expired } = await t.timer.tick();
      await t.settle();
      if (expired === 0) break;
      expiredByReactor += expired;
    }
    expect(expiredByReactor).toBe(CAPACITY * (ROUNDS + 1));

    const schedule = (await t.get(`/api/workshops/${id}`).then((r) => r.json())) as Workshop;
    expect(schedule.spotsLeft).toBe(CAPACITY);
    const expired = (await eventsOfType(t, 'EnrollmentExpired')).length;
    expect(expired).toBeGreaterThanOrEqual(CAPACITY);
    const again = await Promise.all(Array.from({ length: CAPACITY + 1 }, () => enroll(id)));
    expect(again.map((r) => r.status).sort()).toEqual([...Array(CAPACITY).fill(201), 409]);
  });
});
