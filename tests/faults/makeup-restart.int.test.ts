import { afterEach, describe, expect, it } from 'vitest';
import { makeBookingApp, type BookingTestApp } from '../service/booking/support.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { MemoryEventStore } from '../../platform/eventstore/memory.js';
import { eventSchemas } from '../../contracts/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { makeupCreditStream } from '../../contracts/courses/events.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { BookingView } from '../../contracts/booking/api.js';
import type { Roster } from '../../contracts/admin/roster.js';
import type { AbsenceResult } from '../../contracts/courses/api.js';
import { creditDecider } from '../../service/courses/credit-decider.js';
import { ADMIN_KEY } from '../service/admin/support.js';

/**
 * Make-ups touch two streams (the credit's ledger, then the target workshop's seats). These tests
 * prove that no session takes more children than its capacity when many parents book at once, and
 * that a process that stops between the two writes, or before its projections caught up, loses
 * nothing: the next process (a new runner on the same events, its read models rebuilt from zero)
 * finishes the booking through the `makeups` reactor.
 */

const SATURDAYS = '11';
const TUESDAYS = '12';
const admin = { 'Admin-Key': ADMIN_KEY };
const apps: BookingTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.t.close()));
});
const open = async (eventStore = validatingEventStore(new MemoryEventStore(), eventSchemas)) => {
  const app = await makeBookingApp({ eventStore });
  apps.push(app);
  return { app, eventStore };
};
const workshopOf = async (b: BookingTestApp, id: string) =>
  (await (await b.request('GET', `/api/workshops/${id}`)).json()) as Workshop;

describe('make-ups under contention', () => {
  it(
    'given session 2 of the Tuesday term with 3 free seats, when 50 make-ups of 12 children are booked at once, then exactly 3 are (three children, one seat each) and 47 credits stay available',
    { timeout: 120_000 },
    async () => {
      const { app: b } = await open();
      // Twelve children on the Saturday term (its every seat); one child takes one seat in a session at most.
      const families = [];
      for (let i = 0; i < 3; i++) families.push(await b.buy(SATURDAYS, { participants: 4, total: 900, strict: true }));
      // Nine of the Tuesday term's twelve seats sold: three free in every session.
      for (let i = 0; i < 3; i++) await b.buy(TUESDAYS, { participants: 3, total: 675, strict: true });
      const credits: { creditId: string; token: string; child: string }[] = [];
      for (let i = 0; i < 50; i++) {
        const family = families[i % 3]!;
        const participant = Math.floor(i / 3) % 4;
        const r = await b.request(
          'POST',
          `/api/admin/enrollments/${family.enrollmentId}/makeup-credits`,
          { participant },
          admin,
        );
        expect(r.status).toBe(201);
        const { creditId } = (await r.json()) as { creditId: string };
        credits.push({ creditId, token: family.token, child: `${family.enrollmentId}:${participant}` });
      }

      const answers = await Promise.all(
        credits.map(({ creditId, token }) =>
          b.request('POST', `/api/bookings/${token}/makeups`, { creditId, workshopId: TUESDAYS, session: 2 }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(47);
      const seated = credits.filter((_, i) => statuses[i] === 201).map((c) => c.child);
      expect(new Set(seated).size).toBe(3);
      await b.t.settle();

      const seats = (await b.t.eventStore.readStream(workshopStream(TUESDAYS))).filter((e) =>
        e.type.startsWith('MakeupSeat'),
      );
      expect(seats.filter((e) => e.type === 'MakeupSeatTaken')).toHaveLength(3);
      expect(seats.filter((e) => e.type === 'MakeupSeatReleased')).toHaveLength(0);
      const w = await workshopOf(b, TUESDAYS);
      expect(w.sessionMakeups).toEqual([0, 3]);
      expect(w.seatsTaken - (w.sessionAbsences?.[1] ?? 0) + w.sessionMakeups![1]!).toBe(w.capacity);
      const pages = await Promise.all(
        families.map(async (f) => (await (await b.request('GET', `/api/bookings/${f.token}`)).json()) as BookingView),
      );
      const all = pages.flatMap((p) => p.credits);
      expect(all.filter((c) => c.status === 'booked')).toHaveLength(3);
      expect(all.filter((c) => c.status === 'available')).toHaveLength(47);
    },
  );
});

describe('make-ups across a restart', () => {
  it('given a credit booked on its ledger when the process stopped before the seat was taken, then the next process takes the seat once and every read model shows it', async () => {
    const { app: first, eventStore } = await open();
    const family = await first.buy(SATURDAYS, { participants: 1, total: 225, strict: true });
    const { creditId } = (await (
      await first.request('POST', `/api/bookings/${family.token}/absences`, { session: 3, participant: 0 })
    ).json()) as AbsenceResult;
    await first.t.settle();
    // The first of the two writes, then the process stops: no seat taken, no projection run.
    await first.t.runner.stop();
    await first.t.deps.commands.handle(
      creditDecider,
      makeupCreditStream(creditId),
      {
        type: 'BookMakeup',
        enrollmentId: family.enrollmentId,
        workshopId: TUESDAYS,
        session: 2,
        targetProgramId: '1',
        targetTitle: 'Manners & Me (Tuesday afternoons)',
        at: first.clock.now.toISOString(),
      },
      { correlationId: 'crash', causationId: 'crash', actor: 'visitor', at: first.clock.now.toISOString() },
    );
    await first.t.close();

    // A new process on the same events, its read models built from nothing.
    const { app: next } = await open(eventStore);
    await next.t.settle();
    const taken = (await eventStore.readStream(workshopStream(TUESDAYS))).filter((e) => e.type === 'MakeupSeatTaken');
    expect(taken).toHaveLength(1);
    expect((await workshopOf(next, TUESDAYS)).sessionMakeups).toEqual([0, 1]);
    const roster = (await (
      await next.request('GET', `/api/admin/workshops/${TUESDAYS}/roster?session=2`, undefined, admin)
    ).json()) as Roster;
    expect(roster.rows).toMatchObject([{ enrollmentId: family.enrollmentId, makeup: true }]);
    const page = (await (await next.request('GET', `/api/bookings/${family.token}`)).json()) as BookingView;
    expect(page.credits).toMatchObject([{ creditId, status: 'booked', booking: { workshopId: TUESDAYS, session: 2 } }]);

    // Redelivered once more (a lost checkpoint): still one seat.
    await next.t.replayReactors();
    expect(
      (await eventStore.readStream(workshopStream(TUESDAYS))).filter((e) => e.type === 'MakeupSeatTaken'),
    ).toHaveLength(1);
  });

  it('given a make-up answered 201 and the process stopped before its projections ran, then after a restart the credit, the seat and the roster all show it', async () => {
    const { app: first, eventStore } = await open();
    const family = await first.buy(SATURDAYS, { participants: 1, total: 225, strict: true });
    const { creditId } = (await (
      await first.request('POST', `/api/bookings/${family.token}/absences`, { session: 2, participant: 0 })
    ).json()) as AbsenceResult;
    await first.t.settle();
    await first.t.runner.stop();
    const booked = await first.request('POST', `/api/bookings/${family.token}/makeups`, {
      creditId,
      workshopId: TUESDAYS,
      session: 3,
    });
    expect(booked.status).toBe(201);
    await first.t.close();

    const { app: next } = await open(eventStore);
    await next.t.settle();
    expect((await workshopOf(next, TUESDAYS)).sessionMakeups).toEqual([0, 0, 1]);
    const page = (await (await next.request('GET', `/api/bookings/${family.token}`)).json()) as BookingView;
    expect(page.credits).toMatchObject([{ creditId, status: 'booked', booking: { session: 3 } }]);
    expect(page.absences).toEqual([{ session: 2, participant: 0, creditId }]);
  });

  it('given a make-up cancelled on its ledger when the process stopped before the seat was given back, then the next process gives it back', async () => {
    const { app: first, eventStore } = await open();
    const family = await first.buy(SATURDAYS, { participants: 1, total: 225, strict: true });
    const { creditId } = (await (
      await first.request('POST', `/api/bookings/${family.token}/absences`, { session: 2, participant: 0 })
    ).json()) as AbsenceResult;
    expect(
      (
        await first.request('POST', `/api/bookings/${family.token}/makeups`, {
          creditId,
          workshopId: TUESDAYS,
          session: 3,
        })
      ).status,
    ).toBe(201);
    await first.t.settle();
    await first.t.runner.stop();
    await first.t.deps.commands.handle(
      creditDecider,
      makeupCreditStream(creditId),
      {
        type: 'CancelMakeup',
        reason: 'cancelled',
        workshopId: TUESDAYS,
        session: 3,
        at: first.clock.now.toISOString(),
      },
      { correlationId: 'crash', causationId: 'crash', actor: 'visitor', at: first.clock.now.toISOString() },
    );
    await first.t.close();

    const { app: next } = await open(eventStore);
    await next.t.settle();
    expect((await workshopOf(next, TUESDAYS)).sessionMakeups).toEqual([0, 0, 0]);
  });

  it('given a booking with a make-up cancelled when the process stopped before its reactions ran, then the next process gives the make-up seat back, once', async () => {
    const { app: first, eventStore } = await open();
    const family = await first.buy(SATURDAYS, { participants: 1, total: 225, strict: true });
    const { creditId } = (await (
      await first.request('POST', `/api/bookings/${family.token}/absences`, { session: 2, participant: 0 })
    ).json()) as AbsenceResult;
    const booked = await first.request('POST', `/api/bookings/${family.token}/makeups`, {
      creditId,
      workshopId: TUESDAYS,
      session: 3,
    });
    expect(booked.status).toBe(201);
    await first.t.settle();
    await first.t.runner.stop();
    // The cancellation is recorded; nothing reacts to it before the process is gone.
    expect((await first.request('POST', `/api/bookings/${family.token}/cancel`, {})).status).toBe(200);
    await first.t.close();

    const { app: next } = await open(eventStore);
    await next.t.settle();
    expect((await workshopOf(next, TUESDAYS)).sessionMakeups).toEqual([0, 0, 0]);
    await next.t.settle();
    const released = (await eventStore.readAll()).filter(
      (e) => e.type === 'MakeupSeatReleased' && (e.data as { creditId: string }).creditId === creditId,
    );
    expect(released).toHaveLength(1);
  });
});
