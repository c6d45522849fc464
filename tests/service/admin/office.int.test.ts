import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import { confirmed, paid, record, submitted } from '../../support/enrollment-events.js';
import { enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { DashboardDay } from '../../../contracts/admin/dashboard.js';
import type { AdminWaitlistActionResult, WaitlistEntryView } from '../../../contracts/waitlist/api.js';
import {
  confirmationToken,
  enroll,
  entryOfToken,
  join,
  joinUnconfirmed,
  makeWaitlistApp,
  schedule,
  waitlistEvents,
  type WaitlistApp,
} from '../waitlist/support.js';

let t: TestApp;
afterEach(() => t?.close());

/** Confirmed with this order reference (the helper's is one for all). */
const confirmedAs = (id: string, cents: number, orderReference: string): EnrollmentEvent => {
  const e = confirmed(id, cents);
  if (e.type !== 'EnrollmentConfirmed') throw new Error('unreachable');
  return { ...e, data: { ...e.data, orderReference } };
};

/** Two paid dinners confirmed with the references parents quote, and one still unpaid. */
async function givenOrders(): Promise<string> {
  await record(t.eventStore, 'a1b2c3d4-grace', [
    { event: submitted('a1b2c3d4-grace'), actor: 'visitor' },
    { event: paid('a1b2c3d4-grace', 30_000), actor: 'provider' },
    { event: confirmedAs('a1b2c3d4-grace', 30_000, 'GL-061739'), actor: 'system' },
  ]);
  await record(t.eventStore, 'e5f6a7b8-ada', [
    { event: submitted('e5f6a7b8-ada'), actor: 'visitor' },
    { event: paid('e5f6a7b8-ada', 30_000), actor: 'provider' },
    { event: confirmedAs('e5f6a7b8-ada', 30_000, 'GL-998877'), actor: 'system' },
  ]);
  return (
    await record(t.eventStore, 'c9d0e1f2-hold', [{ event: submitted('c9d0e1f2-hold'), actor: 'visitor' }])
  ).toString();
}

const found = async (q: string, position: string) => {
  const res = await adminCall(
    t.app,
    'GET',
    `/api/admin/enrollments?minPosition=${position}&q=${encodeURIComponent(q)}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminEnrollmentRecord[]).map((r) => r.id);
};

describe('tracker search by the numbers parents quote', () => {
  it('given confirmed orders, when searching by the GL- reference whole, without its dash or in part, then that order is found', async () => {
    t = await makeTestApp();
    const position = await givenOrders();
    expect(await found('GL-061739', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('gl061739', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('GL 0617', position)).toEqual(['a1b2c3d4-grace']);
    // Without its prefix: the digits alone, whole or a fragment.
    expect(await found('061739', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('9988', position)).toEqual(['e5f6a7b8-ada']);
    expect(await found('GL-000000', position)).toEqual([]);
  });

  it('given confirmed orders, when searching by the ORD- order number whole, in part or without its prefix, then that order is found', async () => {
    t = await makeTestApp();
    const position = await givenOrders();
    expect(await found('ORD-a1b2c3d4-grace', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('ord-e5f6', position)).toEqual(['e5f6a7b8-ada']);
    expect(await found('ORD-a1b2', position)).toEqual(['a1b2c3d4-grace']);
    expect(await found('a1b2c3d4', position)).toEqual(['a1b2c3d4-grace']);
    // An enrollment not confirmed yet is found by the number its order will carry.
    expect(await found('ORD-c9d0e1f2', position)).toEqual(['c9d0e1f2-hold']);
    expect(await found('ORD-ffffffff', position)).toEqual([]);
  });

  it('given a confirmed order, when the tracker lists it, then its row carries the order number and reference', async () => {
    t = await makeTestApp();
    const position = await givenOrders();
    const res = await adminCall(t.app, 'GET', `/api/admin/enrollments?minPosition=${position}&q=GL-061739`);
    const [row] = (await res.json()) as AdminEnrollmentRecord[];
    expect(row).toMatchObject({ orderId: 'ORD-a1b2c3d4-grace', orderReference: 'GL-061739' });
  });
});

describe('the Unpaid tab', () => {
  it('given a hold, a declined card, an expired hold, a cancelled hold and a confirmed order, then Unpaid lists the hold and the declined card only', async () => {
    t = await makeTestApp();
    const at = '2025-06-01T15:10:00.000Z';
    await record(t.eventStore, 'hold', [{ event: submitted('hold'), actor: 'visitor' }]);
    await record(t.eventStore, 'declined', [
      { event: submitted('declined'), actor: 'visitor' },
      {
        event: {
          type: 'PaymentFailed',
          data: {
            enrollmentId: 'declined',
            paymentIntentId: 'pi_declined',
            providerEventId: null,
            code: 'card_declined',
            reason: 'Your card was declined.',
            failedAt: at,
          },
        },
        actor: 'provider',
      },
    ]);
    await record(t.eventStore, 'lapsed', [
      { event: submitted('lapsed'), actor: 'visitor' },
      {
        event: {
          type: 'EnrollmentExpired',
          data: {
            enrollmentId: 'lapsed',
            holdExpiresAt: '2025-06-01T15:30:00.000Z',
            expiredAt: '2025-06-01T15:31:00.000Z',
          },
        },
        actor: 'system',
      },
    ]);
    await record(t.eventStore, 'dropped', [
      { event: submitted('dropped'), actor: 'visitor' },
      {
        event: {
          type: 'EnrollmentCancelled',
          data: { enrollmentId: 'dropped', reason: 'cancelled-by-admin', cancelledAt: at },
        },
        actor: 'admin',
      },
    ]);
    const position = await record(t.eventStore, 'sold', [
      { event: submitted('sold'), actor: 'visitor' },
      { event: paid('sold', 30_000), actor: 'provider' },
      { event: confirmedAs('sold', 30_000, 'GL-111111'), actor: 'system' },
    ]);
    const tab = async (status: string) => {
      const res = await adminCall(t.app, 'GET', `/api/admin/enrollments?minPosition=${position}&status=${status}`);
      return ((await res.json()) as AdminEnrollmentRecord[]).map((r) => r.id).sort();
    };
    expect(await tab('unpaid')).toEqual(['declined', 'hold']);
    expect(await tab('pending')).toEqual(['declined', 'hold']);
    expect(await tab('cancelled')).toEqual(['dropped']);
    expect(await tab('completed')).toEqual(['sold']);
  });
});

describe('refunds beyond what can be refunded', () => {
  it('given $250 paid for a camp, when $300 is asked back, then 400 naming refund with the maximum, and nothing is written', async () => {
    t = await makeTestApp();
    await record(t.eventStore, 'camp', [
      {
        event: submitted('camp', { participants: 1, unitCents: 25_000, title: 'Summer Etiquette Camp' }),
        actor: 'visitor',
      },
      { event: paid('camp', 25_000), actor: 'provider' },
      { event: confirmedAs('camp', 25_000, 'GL-250250'), actor: 'system' },
    ]);
    const before = await t.eventStore.readStream(enrollmentStream('camp'));
    const res = await adminCall(t.app, 'POST', '/api/admin/enrollments/camp/cancel', { body: { refund: 300 } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string; issues: { path: string; message: string }[] };
    expect(body.code).toBe('validation');
    expect(body.error).toMatch(/^refund: at most \$250\.00 can be refunded/);
    expect(body.issues).toEqual([
      expect.objectContaining({ path: 'refund', message: expect.stringContaining('$250.00') }),
    ]);
    // Refused, not clamped: no cancellation, no refund of $250.
    expect(await t.eventStore.readStream(enrollmentStream('camp'))).toHaveLength(before.length);
  });
});

describe('the waitlist, worked by the office', () => {
  let w: WaitlistApp | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });

  const call = (method: string, path: string, body?: unknown) => adminCall(w!.app, method, path, { body });
  const offerMails = (email: string) => w!.mailer.sent.filter((m) => m.to === email && m.text.includes('?offer='));
  const day = async (position: string) => {
    const res = await adminCall(w!.app, 'GET', `/api/admin/dashboard/day?minPosition=${position}`);
    return ((await res.json()) as DashboardDay).workshops.find((x) => x.id === 'office-w')!;
  };

  /**
   * A workshop of 2 seats, both held; a family of two waiting (confirmed). The first hold lapses:
   * one seat is free and nobody in the line fits it, so it stays free until the office acts.
   */
  async function givenOneSeatFreeAndAFamilyOfTwoWaiting(alsoWaiting?: string) {
    w = await makeWaitlistApp();
    const workshop = await schedule(w, 'office-w', 2);
    expect((await enroll(w, workshop, 'first@example.com')).status).toBe(201);
    w.clock.advance(20 * 60_000);
    expect((await enroll(w, workshop, 'second@example.com')).status).toBe(201);
    const family = await join(w, 'office-w', 'hopper@example.com', 2);
    // A family of one, behind them in the line.
    const single = alsoWaiting ? await join(w, 'office-w', alsoWaiting, 1) : null;
    w.clock.advance(11 * 60_000);
    expect((await w.timer.tick()).expired).toBe(1);
    await w.settle();
    return { workshop, entryId: family.waitlistEntryId, single: single?.waitlistEntryId };
  }

  it('given one seat free and a family of two waiting, when the office offers one seat now, then it is held for them, e-mailed once, and the dashboard counts it as offered, not booked', async () => {
    const { entryId } = await givenOneSeatFreeAndAFamilyOfTwoWaiting();
    expect(await waitlistEvents(w!, 'office-w', 'WaitlistOffered')).toEqual([]);
    const tooMany = await call('POST', `/api/admin/workshops/office-w/waitlist/${entryId}/offer`, {});
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/^Only 1 seat is free/);

    const res = await call('POST', `/api/admin/workshops/office-w/waitlist/${entryId}/offer`, { seats: 1 });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as AdminWaitlistActionResult;
    expect(result).toMatchObject({ entryId, status: 'offered', seats: 1 });
    await w!.settle();
    expect(offerMails('hopper@example.com')).toHaveLength(1);
    const offers = await waitlistEvents(w!, 'office-w', 'WaitlistOffered');
    expect(offers.map((e) => e.data)).toEqual([expect.objectContaining({ entryId, seats: 1 })]);
    expect(offers[0]!.metadata.administrator).toEqual({ id: 'owner', name: 'Owner' });

    const list = await call('GET', `/api/admin/workshops/office-w/waitlist?minPosition=${result.position}`);
    expect(((await list.json()) as WaitlistEntryView[])[0]).toMatchObject({ status: 'offered', offerSeats: 1 });
    // Two seats taken of two, one of them only offered: booked 1, not full.
    expect(await day(result.position)).toMatchObject({ capacity: 2, seatsTaken: 2, seatsOffered: 1 });

    // A second offer while one stands is refused, and sends nothing.
    const again = await call('POST', `/api/admin/workshops/office-w/waitlist/${entryId}/offer`, { seats: 1 });
    expect(again.status).toBe(409);
    await w!.settle();
    expect(offerMails('hopper@example.com')).toHaveLength(1);
  });

  it('given families on the list, when the office removes one holding an offer, then its seat passes to the next family; removing again is 409, an unknown entry 404', async () => {
    const { entryId, single } = await givenOneSeatFreeAndAFamilyOfTwoWaiting('lovelace@example.com');
    // The free seat went to the family of one at once (the first that fits).
    expect((await waitlistEvents(w!, 'office-w', 'WaitlistOffered')).map((e) => e.data)).toEqual([
      expect.objectContaining({ entryId: single, seats: 1 }),
    ]);
    const next = { waitlistEntryId: single! };

    const removed = await call('DELETE', `/api/admin/workshops/office-w/waitlist/${next.waitlistEntryId}`);
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await removed.json()).toMatchObject({ status: 'left', declinedOffer: true });
    await w!.settle();
    const left = await waitlistEvents(w!, 'office-w', 'WaitlistLeft');
    expect(left.map((e) => e.metadata.administrator)).toEqual([{ id: 'owner', name: 'Owner' }]);
    // Its seat is free again (nobody left in the line fits one seat but for the family of two).
    expect(await day((await w!.eventStore.headPosition()).toString())).toMatchObject({
      seatsTaken: 1,
      seatsOffered: 0,
    });

    expect((await call('DELETE', `/api/admin/workshops/office-w/waitlist/${next.waitlistEntryId}`)).status).toBe(409);
    expect((await call('DELETE', `/api/admin/workshops/office-w/waitlist/no-such-entry`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/workshops/office-w/waitlist/${entryId}`)).status).toBe(200);
  });

  it('given an entry not confirmed from its e-mail, when the office offers it seats, then 409 says so and nothing is held', async () => {
    await givenOneSeatFreeAndAFamilyOfTwoWaiting();
    await joinUnconfirmed(w!, 'office-w', 'unsure@example.com', 2);
    const token = await confirmationToken(w!, 'unsure@example.com');
    const res = await call('POST', `/api/admin/workshops/office-w/waitlist/${entryOfToken(token)}/offer`, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/has not confirmed this entry/);
    expect(await waitlistEvents(w!, 'office-w', 'WaitlistOffered')).toEqual([]);
  });
});

describe('the workshop form: one start, one end', () => {
  const form = {
    title: 'Holiday Tea',
    description: 'A festive afternoon tea.',
    category: 'tea-party',
    date: '2025-12-13T14:00',
    endTime: '15:30',
    location: 'Legacy Commons, Plano',
    price: 85.5,
    capacity: 12,
  };
  const listed = async (id: string, position: string) =>
    ((await (await t.app.request(`/api/workshops?minPosition=${position}`)).json()) as Workshop[]).find(
      (w) => w.id === id,
    );

  it('given a start and an end, when a workshop is created and its end moved, then the schedule shows the time derived from them', async () => {
    t = await makeTestApp();
    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, position } = (await created.json()) as { id: string; position: string };
    expect(await listed(id, position)).toMatchObject({ date: '2025-12-13T14:00:00-06:00', time: '2:00 PM - 3:30 PM' });

    // A time text sent beside them is not believed: the start and the end decide.
    const edited = await adminCall(t.app, 'PUT', `/api/admin/workshops/${id}`, {
      body: { ...form, date: '2025-12-13T11:30', endTime: '13:00', time: '9:00 AM - 5:00 PM' },
    });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as { position: string };
    expect(await listed(id, after.position)).toMatchObject({ time: '11:30 AM - 1:00 PM' });
  });

  it('given an end before the start, or neither an end nor a time, then 400 naming endTime and nothing is created', async () => {
    t = await makeTestApp();
    for (const body of [
      { ...form, endTime: '13:00' },
      { ...form, endTime: '' },
      { ...form, endTime: '25:00' },
    ]) {
      const res = await adminCall(t.app, 'POST', '/api/admin/workshops', { body });
      expect(res.status).toBe(400);
      const error = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(error.error).toMatch(/^endTime: End time/);
      expect(error.issues[0]!.path).toBe('endTime');
    }
    // The specification's client: the time as text, no end; kept as written.
    const { endTime: _e, ...specification } = form;
    const spec = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: { ...specification, time: '2:00 PM - 3:30 PM' },
    });
    expect(spec.status).toBe(201);
  });
});
