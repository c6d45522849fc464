import { afterEach, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { OrderView } from '../../../contracts/enrollment/api.js';
import type { AdminEnrollmentDetail } from '../../../contracts/admin/enrollments.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import { reminderTimer } from '../../../service/enrollment/emails/reminder-timer.js';
import { tickerOf } from '../../support/timers.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { FaultyEventStore } from '../../support/faults.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { adminCall } from '../admin/support.js';
import { makeBookingApp, type BookingTestApp } from './support.js';

/**
 * Bookings follow their workshop. The $150 dinner (workshop 6) starts on Saturday, July 19, 2025
 * at 7:00 PM Central (2025-07-20T00:00Z); the school's policy refunds in full until 7 days before.
 * The administrator moves it with PUT /api/admin/workshops/6, as the workshop form does.
 */

let app: BookingTestApp;
afterEach(async () => {
  await app?.t.close();
});

const DINNER = '6';

/** The administrator's form sent again with a new date (wall clock, school time), time or place. */
async function moveWorkshop(id: string, change: { date?: string; time?: string; location?: string; price?: number }) {
  const w = (await (await app.t.app.request(`/api/workshops/${id}`)).json()) as Workshop;
  const { title, description, category, date, time, location, price, capacity } = w;
  const r = await adminCall(app.t.app, 'PUT', `/api/admin/workshops/${id}`, {
    body: { title, description, category, date, time, location, price, capacity, ...change },
  });
  expect(r.status).toBe(200);
  await app.t.settle();
  return r;
}

const booking = async (token: string) => {
  const r = await app.request('GET', `/api/bookings/${token}`);
  expect(r.status).toBe(200);
  return (await r.json()) as BookingView;
};

const field = (ics: string, name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(ics)?.[1]?.trim();

describe('a sold workshop moved by the administrator: the booking page', () => {
  it('given the dinner sold for July 19 and moved to June 14, when the parent opens the booking on June 20 (the class has run), then it shows June 14, offers no cancellation, and a cancel is refused with nothing refunded', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });

    await moveWorkshop(DINNER, { date: '2025-06-14T19:00' });
    app.clock.now = new Date('2025-06-20T15:00:00Z');

    const b = await booking(bought.token);
    expect(b.item.date).toBe('2025-06-14T19:00:00-05:00');
    expect(b.cancellation).toEqual({ kind: 'closed', reason: expect.stringMatching(/has begun/) });
    expect(b.editable).toBe(false);

    const cancel = await app.request('POST', `/api/bookings/${bought.token}/cancel`, {});
    expect(cancel.status).toBe(409);
    await app.t.settle();
    expect(await app.types(bought.enrollmentId)).not.toContain('RefundRequested');
    expect(await app.types(bought.enrollmentId)).not.toContain('EnrollmentCancelled');
  });

  it('given the dinner moved three weeks later (August 9), when the parent opens the booking on July 14 (past the old deadline, before the new one), then a full refund is offered until August 2, counted from the new start', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });
    await moveWorkshop(DINNER, { date: '2025-08-09T19:00' });
    app.clock.now = new Date('2025-07-14T15:00:00Z');

    const b = await booking(bought.token);

    expect(b.item.date).toBe('2025-08-09T19:00:00-05:00');
    expect(b.cancellation).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      deadline: '2025-08-03T00:00:00.000Z',
      movedBySchool: true,
    });
    expect(b.movedFrom).toEqual({
      date: '2025-07-19T19:00:00-05:00',
      time: '7:00 PM - 9:00 PM',
      location: expect.any(String),
      sessions: [{ startsAt: '2025-07-19T19:00:00-05:00', endsAt: '2025-07-19T21:00:00-05:00' }],
    });
    const cancelled = await app.request('POST', `/api/bookings/${bought.token}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as BookingView).refunds).toEqual([
      expect.objectContaining({ amountCents: 15_000, reason: 'cancelled' }),
    ]);
  });

  it('given the dinner moved nine days earlier (July 10), when the parent opens the booking on July 5 (past the new date’s deadline, before the booked date’s), then the later deadline applies, up to the new start, and the terms say the school moved it', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });
    await moveWorkshop(DINNER, { date: '2025-07-10T19:00' });
    app.clock.now = new Date('2025-07-05T15:00:00Z');

    const b = await booking(bought.token);

    expect(b.cancellation).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      // July 12 (7 days before the booked July 19) is after the new start: the class itself is the limit.
      deadline: '2025-07-11T00:00:00.000Z',
      movedBySchool: true,
    });
  });

  it('given only the price changed, when the booking is opened, then nothing about its date, its terms or its calendar moved', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });
    const before = await booking(bought.token);
    const ics = await (await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`)).text();

    await moveWorkshop(DINNER, { price: 175 });

    const after = await booking(bought.token);
    expect(after.item).toEqual(before.item);
    expect(after.cancellation).toEqual(before.cancellation);
    expect(after.movedFrom).toBeNull();
    const again = await (await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`)).text();
    expect(field(again, 'SEQUENCE')).toBe(field(ics, 'SEQUENCE'));
    expect(await app.types(bought.enrollmentId)).not.toContain('BookingRescheduled');
  });
});

describe('a sold workshop moved: the calendar file, the order, the admin views', () => {
  it('given the dinner moved to June 14 at 6:30 PM in another room, when the calendar file is downloaded, then it keeps its UID with SEQUENCE 1 and the new start and place', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });
    const before = await (await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`)).text();
    expect(field(before, 'DTSTART')).toBe('20250720T000000Z');

    await moveWorkshop(DINNER, {
      date: '2025-06-14T18:30',
      time: '6:30 PM - 8:30 PM',
      location: 'The Garden Room, 5800 Legacy Drive, Plano, TX 75024',
    });

    const r = await app.request('GET', `/api/bookings/${bought.token}/calendar.ics`);
    expect(r.status).toBe(200);
    const ics = await r.text();
    expect(field(ics, 'UID')).toBe(field(before, 'UID'));
    expect(field(ics, 'SEQUENCE')).toBe('1');
    expect(field(ics, 'DTSTART')).toBe('20250614T233000Z');
    expect(field(ics, 'DTEND')).toBe('20250615T013000Z');
    expect(field(ics, 'LOCATION')).toBe('The Garden Room\\, 5800 Legacy Drive\\, Plano\\, TX 75024');
  });

  it('given the dinner moved, then the order confirmation, the administrator’s enrollment and the roster all show the new date', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });

    await moveWorkshop(DINNER, { date: '2025-06-14T19:00', location: 'The Garden Room, Plano' });

    const order = (await (await app.request('GET', `/api/orders/ORD-${bought.enrollmentId}`)).json()) as OrderView;
    expect(order.item).toMatchObject({ date: '2025-06-14T19:00:00-05:00', location: 'The Garden Room, Plano' });
    const detail = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/enrollments/${bought.enrollmentId}`)
    ).json()) as AdminEnrollmentDetail;
    expect(detail.workshop).toEqual(
      expect.objectContaining({ date: '2025-06-14T19:00:00-05:00', location: 'The Garden Room, Plano' }),
    );
    const roster = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/workshops/${DINNER}/roster`)
    ).json()) as Roster;
    expect(roster.workshop.date).toBe('2025-06-14T19:00:00-05:00');
    expect(roster.rows.map((row) => row.enrollmentId)).toEqual([bought.enrollmentId]);
  });

  it('given the dinner moved three weeks later, when the reminder job runs 47 hours before the old start and then before the new one, then one reminder leaves, before the new date, with the new date and the calendar update', async () => {
    app = await makeBookingApp();
    const bought = await app.buy(DINNER, { total: 150 });
    await moveWorkshop(DINNER, { date: '2025-08-09T19:00' });
    const reminders = tickerOf(reminderTimer(app.t.deps), app.t.deps, 'reminders-test');
    const sentReminders = () => app.mailer.sent.filter((m) => m.subject.startsWith('Reminder:'));

    app.clock.now = new Date('2025-07-18T01:00:00Z');
    expect((await reminders.tick()).sent).toBe(0);
    expect(sentReminders()).toHaveLength(0);

    app.clock.now = new Date('2025-08-08T01:00:00Z');
    expect((await reminders.tick()).sent).toBe(1);
    const [reminder] = sentReminders();
    expect(reminder?.to).toBe(bought.email);
    expect(reminder?.text).toContain('Saturday, August 9, 2025');
    const ics = reminder?.attachments.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
    expect(field(ics, 'DTSTART')).toBe('20250810T000000Z');
    expect(field(ics, 'SEQUENCE')).toBe('1');
  });
});

describe('the parent is told, once per change', () => {
  it('given two sold bookings and an unpaid hold, when the date moves, then each paying parent gets one e-mail with the new date, the calendar update and the booking link, the hold gets none, and a second move sends one more each', async () => {
    app = await makeBookingApp();
    const first = await app.buy(DINNER, { total: 150 });
    const second = await app.buy(DINNER, { total: 250, participants: 2 });
    const hold = await app.request('POST', `/api/enroll/workshop/${DINNER}`, {
      ...baseForm({ email: 'unpaid@example.com' }),
      totalPrice: 150,
    });
    expect(hold.status).toBe(201);
    const moved = () => app.mailer.sent.filter((m) => /^New date for/.test(m.subject));

    await moveWorkshop(DINNER, { date: '2025-08-09T19:00' });

    expect(
      moved()
        .map((m) => m.to)
        .sort(),
    ).toEqual([first.email, second.email].sort());
    for (const [mail, parent] of [
      [moved().find((m) => m.to === first.email), first],
      [moved().find((m) => m.to === second.email), second],
    ] as const) {
      expect(mail?.subject).toBe(
        `New date for Etiquette After Dark - Dinner: Saturday, August 9, 2025 (ORD-${parent.enrollmentId})`,
      );
      expect(mail?.text).toContain('Saturday, August 9, 2025');
      expect(mail?.text).toContain('Saturday, July 19, 2025');
      expect(mail?.text).toContain(`https://school.example/booking/${parent.token}`);
      expect(mail?.html).toContain(`https://school.example/booking/${parent.token}`);
      const ics = mail?.attachments.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
      expect(field(ics, 'UID')).toBe(`ORD-${parent.enrollmentId}@greatlakesetiquette.com`);
      expect(field(ics, 'SEQUENCE')).toBe('1');
      expect(field(ics, 'DTSTART')).toBe('20250810T000000Z');
    }
    expect(app.mailer.sent.filter((m) => m.to === 'unpaid@example.com')).toHaveLength(0);

    await moveWorkshop(DINNER, { price: 160 });
    expect(moved()).toHaveLength(2);

    await moveWorkshop(DINNER, { date: '2025-08-16T19:00' });
    expect(moved()).toHaveLength(4);
    const latest = moved().filter((m) => m.to === first.email)[1]!;
    expect(field(latest.attachments.find((a) => a.filename.endsWith('.ics'))!.content, 'SEQUENCE')).toBe('2');
  });
});

describe('read after write', () => {
  it('given the dinner sold and the booking’s move slowed by a failed first try, when its date is saved, then the answer comes once the booking moved: the tracker and the booking read with its position show the new date', async () => {
    const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
    app = await makeBookingApp({ eventStore: store });
    const bought = await app.buy(DINNER, { total: 150 });
    store.failAppends({
      match: (_stream, events) => events.some((e) => e.type === 'BookingRescheduled'),
      when: 'before',
    });
    const w = (await (await app.t.app.request(`/api/workshops/${DINNER}`)).json()) as Workshop;
    const { title, description, category, time, location, price, capacity } = w;

    const r = await adminCall(app.t.app, 'PUT', `/api/admin/workshops/${DINNER}`, {
      body: { title, description, category, date: '2025-08-09T19:00', time, location, price, capacity },
    });

    expect(r.status).toBe(200);
    expect(store.injected).toBe(1);
    const { position } = (await r.json()) as { position: string };
    expect(await app.types(bought.enrollmentId)).toContain('BookingRescheduled');
    const detail = (await (
      await adminCall(app.t.app, 'GET', `/api/admin/enrollments/${bought.enrollmentId}?minPosition=${position}`)
    ).json()) as AdminEnrollmentDetail;
    expect(detail.workshop?.date).toBe('2025-08-09T19:00:00-05:00');
    const b = (await (
      await app.request('GET', `/api/bookings/${bought.token}?minPosition=${position}`)
    ).json()) as BookingView;
    expect(b.item.date).toBe('2025-08-09T19:00:00-05:00');
  });
});
