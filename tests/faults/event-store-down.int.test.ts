import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { eventSchemas } from '../../contracts/events.js';
import { holdTimer } from '../../service/enrollment/sale/hold-timer.js';
import { tickerOf } from '../support/timers.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { FaultyEventStore } from '../support/faults.js';
import { allEvents, freeEnrollment, makeFaultApp, paidEnrollment, seatInvariants, type FaultApp } from './support.js';
import { BEFORE_SPEC_SEASON } from '../support/app.js';

/**
 * Given an event store that is unreachable, or that fails one append of a command that writes
 * several (the seat hold on the workshop, then the enrollment), then POSTs answer 503 `{ error }`,
 * nothing is half written, and a hold whose enrollment never made it does not stay forever.
 */

let t: FaultApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * A clock the test moves, so the hold expiry (HOLD_MINUTES = 30) can be reached without waiting. It
 * runs from before the specifications' season, whose workshops the test app sells.
 */
function movableClock() {
  let offsetMs = BEFORE_SPEC_SEASON.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => (offsetMs += ms) };
}

async function faultApp(clock = movableClock()) {
  const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
  t = await makeFaultApp({ eventStore: store, clock: clock.now });
  return { app: t, store, clock };
}

const toEnrollmentStream = (streamId: string) => streamId.startsWith('enrollment-');
const spotsOf = async (app: FaultApp, id: string) => {
  await app.settle();
  return ((await (await app.get(`/api/workshops/${id}`)).json()) as Workshop).spotsLeft;
};

const expect503 = async (r: Response) => {
  const body = (await r.json()) as { error?: unknown; code?: unknown };
  expect({ status: r.status, code: body.code }).toEqual({ status: 503, code: 'unavailable' });
  expect(body.error).toMatch(/cannot save changes right now/);
  expect(r.headers.get('retry-after')).toBe('5');
};

describe('event store down', () => {
  it('given an unreachable event store, when contact messages and consultation requests are posted, then each answers 503 {error}, nothing is appended, reads keep serving, and the same posts succeed once it is back', async () => {
    const { app, store } = await faultApp();
    const head = await store.inner.headPosition();
    store.down();

    const sent = 20;
    for (let i = 0; i < sent; i++) {
      const r =
        i % 2 === 0
          ? await app.post('/api/contact', { fullname: `Parent ${i}`, email: `p${i}@example.com`, message: 'Hello' })
          : await app.post('/api/consultation', {
              name: `Parent ${i}`,
              email: `p${i}@example.com`,
              preferredDate: 'Monday',
              discussionTopic: 'Manners',
            });
      await expect503(r);
    }
    expect(await store.inner.headPosition()).toBe(head);
    // Reads come from the read models, which do not need the event store.
    expect((await app.get('/api/workshops')).status).toBe(200);
    expect((await app.app.request('/ready')).status).toBe(503);

    store.up();
    const r = await app.post('/api/contact', {
      fullname: 'Parent again',
      email: 'again@example.com',
      message: 'Hello',
    });
    expect(r.status).toBe(201);
    expect(await store.inner.headPosition()).toBe(head + 1n);
    console.info(
      `[event-store-down/inquiries] requests ${sent + 1}, refused 503 ${sent}, faults injected ${store.injected}, events appended while down 0`,
    );
  });

  it('given an unreachable event store, when enrollments are posted, then each answers 503 and no seat is held', async () => {
    const { app, store } = await faultApp();
    const head = await store.inner.headPosition();
    store.down();
    await expect503(await app.post('/api/enroll/workshop/10', freeEnrollment(2)));
    await expect503(await app.post('/api/enroll/workshop/4', paidEnrollment(1)));
    expect(await store.inner.headPosition()).toBe(head);
  });

  it('given the seat hold is appended but every append of the enrollment fails, when a paid and a free enrollment are posted, then 503, the holds are given back at once and the spots are unchanged', async () => {
    const { app, store } = await faultApp();
    const spots4 = await spotsOf(app, '4');
    const spots10 = await spotsOf(app, '10');
    // Every append to an enrollment stream is refused (nothing written); the workshop streams work.
    store.failAppends({ match: toEnrollmentStream, when: 'before', times: Infinity });

    await expect503(await app.post('/api/enroll/workshop/4', paidEnrollment(2)));
    await expect503(await app.post('/api/enroll/workshop/10', freeEnrollment(3)));

    const events = await allEvents(store.inner);
    expect(events.filter((e) => e.type === 'EnrollmentSubmitted')).toHaveLength(0);
    const reserved = events.filter((e) => e.type === 'SeatsReserved');
    const released = events.filter((e) => e.type === 'SeatsReleased');
    expect(reserved).toHaveLength(2);
    expect(released.map((e) => (e.data as { enrollmentId: string; reason: string }).reason)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    for (const w of ['4', '10']) {
      const inv = seatInvariants(events, w);
      expect(inv.orphanHolds).toEqual([]);
      expect(inv.unseated).toEqual([]);
    }
    expect(await spotsOf(app, '4')).toBe(spots4);
    expect(await spotsOf(app, '10')).toBe(spots10);
  });

  it('given the event store goes down right after the seat hold was appended, when an enrollment is posted, then 503, and the orphan hold is released by the hold timer at its expiry instead of staying forever', async () => {
    const { app, store, clock } = await faultApp();
    const spots4 = await spotsOf(app, '4');
    store.failAppends({ match: toEnrollmentStream, when: 'before', thenDown: true });

    await expect503(await app.post('/api/enroll/workshop/4', paidEnrollment(2)));
    store.up();
    let events = await allEvents(store.inner);
    // The release could not be written either: the hold is an orphan for now.
    expect(seatInvariants(events, '4').orphanHolds).toHaveLength(1);
    expect(await spotsOf(app, '4')).toBe(spots4 - 2);

    // When the hold's time is up (HOLD_MINUTES = 30), the hold timer gives the seats back.
    const timer = tickerOf(holdTimer(app.deps), app.deps, 'faults-timer');
    expect((await timer.tick()).expired).toBe(0);
    clock.advance(31 * 60_000);
    await app.settle();
    expect((await timer.tick()).expired).toBe(1);
    await timer.stop();
    // It records the checkout refused (lapsed); the checkout workflow gives the seats back.
    await app.settle();

    events = await allEvents(store.inner);
    const inv = seatInvariants(events, '4');
    expect(inv.orphanHolds).toEqual([]);
    expect(inv.unseated).toEqual([]);
    expect(await spotsOf(app, '4')).toBe(spots4);
  });

  it('given the answer to the seat hold append is lost after its commit, when an enrollment is posted, then 503, and the hold is given back at once (the checkout is recorded refused)', async () => {
    const { app, store, clock } = await faultApp();
    const spots10 = await spotsOf(app, '10');
    store.failAppends({ match: (s) => s === 'workshop-10', when: 'after' });

    await expect503(await app.post('/api/enroll/workshop/10', freeEnrollment(2)));
    await app.settle();
    const refused = (await allEvents(store.inner)).filter((e) => e.type === 'CheckoutRefused');
    expect(refused.map((e) => e.data)).toMatchObject([{ workshopId: '10', reason: 'seats' }]);
    const inv = seatInvariants(await allEvents(store.inner), '10');
    expect(inv.orphanHolds).toEqual([]);
    expect(await spotsOf(app, '10')).toBe(spots10);

    // Nothing is left for the hold timer when its time comes.
    const timer = tickerOf(holdTimer(app.deps), app.deps, 'faults-timer');
    clock.advance(31 * 60_000);
    await app.settle();
    expect((await timer.tick()).expired).toBe(0);
    await timer.stop();
  });

  // The outcome of a remote append can be unknown: EventStoreDB commits and the connection drops
  // before the answer. Whatever the route answers, holds and enrollments must still match.
  it('given the EnrollmentSubmitted append is committed but its answer is lost, when a paid enrollment is posted, then no enrollment is left without its seats (and none is held without an enrollment)', async () => {
    const { app, store } = await faultApp();
    store.failAppends({ match: toEnrollmentStream, when: 'after' });

    const r = await app.post('/api/enroll/workshop/4', paidEnrollment(2));
    const events = await allEvents(store.inner);
    const inv = seatInvariants(events, '4');
    const submitted = events.filter((e) => e.type === 'EnrollmentSubmitted').length;
    console.info(
      `[event-store-down/ack-lost paid] status ${r.status}, EnrollmentSubmitted ${submitted}, orphan holds ${inv.orphanHolds.length}, unseated enrollments ${JSON.stringify(inv.unseated)}`,
    );
    expect([201, 503]).toContain(r.status);
    expect(inv.orphanHolds).toEqual([]);
    expect(inv.unseated).toEqual([]);
    if (r.status === 201) expect(inv.liveSeats).toBe(2);
  });

  it('given the free enrollment append (submitted + confirmed) is committed but its answer is lost, when a free enrollment is posted, then the visitor does not get a 409 for an enrollment that exists and no confirmed enrollment is left without seats', async () => {
    const { app, store } = await faultApp();
    const spots10 = await spotsOf(app, '10');
    store.failAppends({ match: toEnrollmentStream, when: 'after' });

    const r = await app.post('/api/enroll/workshop/10', freeEnrollment(3));
    const body = (await r.json()) as { error?: string };
    const events = await allEvents(store.inner);
    const inv = seatInvariants(events, '10');
    console.info(
      `[event-store-down/ack-lost free] status ${r.status} ${body.error ?? ''}; confirmed enrollments ${events.filter((e) => e.type === 'EnrollmentConfirmed').length}, ` +
        `orphan holds ${inv.orphanHolds.length}, unseated enrollments ${JSON.stringify(inv.unseated)}, spotsLeft ${await spotsOf(app, '10')} (was ${spots10})`,
    );
    expect([201, 503]).toContain(r.status);
    expect(inv.unseated).toEqual([]);
    expect(inv.orphanHolds).toEqual([]);
    // No overbooking: the seats of every live enrollment are counted.
    expect(await spotsOf(app, '10')).toBe(inv.capacity - inv.liveSeats);
  });

  it('given a free enrollment is recorded but the seat confirmation append fails, when it is posted, then the visitor is told it succeeded (it did) and the hold timer confirms the seats at the hold expiry', async () => {
    const { app, store, clock } = await faultApp();
    const spots10 = await spotsOf(app, '10');
    store.failAppends({
      match: (s, events) => s === 'workshop-10' && events.some((e) => e.type === 'SeatsConfirmed'),
      when: 'before',
    });

    const r = await app.post('/api/enroll/workshop/10', freeEnrollment(2));
    const events = await allEvents(store.inner);
    const confirmed = events.filter((e) => e.type === 'EnrollmentConfirmed');
    expect(confirmed).toHaveLength(1);
    // The enrollment is confirmed (a FREE- order exists): a 503 would make the visitor enroll twice.
    expect(r.status).toBe(201);
    const body = (await r.json()) as EnrollmentResponse;
    expect(body.orderId).toMatch(/^FREE-/);
    expect(await spotsOf(app, '10')).toBe(spots10 - 2);

    const timer = tickerOf(holdTimer(app.deps), app.deps, 'faults-timer');
    clock.advance(31 * 60_000);
    await app.settle();
    await timer.tick();
    await timer.stop();
    const inv = seatInvariants(await allEvents(store.inner), '10');
    expect(Object.keys(inv.state.confirmed)).toEqual([body.enrollmentId]);
    expect(await spotsOf(app, '10')).toBe(spots10 - 2);
  });
});
