import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { book, fixedClock, givenAnInstructorAndALesson, json, LESSON, PARENT } from './support.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
const open = async () => {
  const t = await makeTestApp({ clock: fixedClock, seed: false });
  apps.push(t);
  return t;
};

const TUESDAY = '2030-03-05';
const slotsOf = async (t: TestApp, typeId: string, query: string) =>
  json<{ startsAt: string; endsAt: string; instructorId: string; instructorName: string }[]>(
    await t.app.request(`/api/appointment-types/${typeId}/slots?${query}`),
  );
const typesOf = async (t: TestApp, streamId: string) => (await t.eventStore.readStream(streamId)).map((e) => e.type);

describe('instructors (issue 38 item 1, 2)', () => {
  it('given no instructors, when the office adds one and sets their week, then GET lists them with their hours', async () => {
    const t = await open();
    const added = await json<{ id: string; position: string }>(
      await adminCall(t.app, 'POST', '/api/admin/instructors', {
        body: { name: 'Margaret Ellison', email: 'Margaret@Example.com', bio: 'Trained in London.' },
      }),
    );
    expect(added.status).toBe(201);
    const week = {
      weekly: [{ weekday: 2, from: '09:00', to: '12:00' }],
      exceptions: [{ date: TUESDAY, available: false }],
    };
    const set = await json<{ position: string }>(
      await adminCall(t.app, 'PUT', `/api/admin/instructors/${added.body.id}/availability`, { body: week }),
    );
    expect(set.status).toBe(200);
    const list = await json(await adminCall(t.app, 'GET', `/api/admin/instructors?minPosition=${set.body.position}`));
    expect(list.body).toEqual([
      expect.objectContaining({
        id: added.body.id,
        name: 'Margaret Ellison',
        email: 'margaret@example.com',
        bio: 'Trained in London.',
        availability: week,
      }),
    ]);
    expect(await typesOf(t, 'instructors')).toEqual(['InstructorAdded', 'InstructorAvailabilitySet']);
  });

  it('given bad input, when instructors or hours are written, then 400 names the field; an unknown instructor is 404', async () => {
    const t = await open();
    const noEmail = await json(
      await adminCall(t.app, 'POST', '/api/admin/instructors', { body: { name: 'Margaret Ellison', email: 'nope' } }),
    );
    expect(noEmail).toMatchObject({ status: 400, body: { code: 'validation', issues: [{ path: 'email' }] } });
    const { instructorId } = await givenAnInstructorAndALesson(t.app);
    const backwards = await json(
      await adminCall(t.app, 'PUT', `/api/admin/instructors/${instructorId}/availability`, {
        body: { weekly: [{ weekday: 2, from: '12:00', to: '09:00' }], exceptions: [] },
      }),
    );
    expect(backwards).toMatchObject({ status: 400, body: { issues: [{ path: 'weekly.0.to' }] } });
    const badDay = await json(
      await adminCall(t.app, 'PUT', `/api/admin/instructors/${instructorId}/availability`, {
        body: { weekly: [{ weekday: 8, from: '09:00', to: '12:00' }], exceptions: [] },
      }),
    );
    expect(badDay).toMatchObject({ status: 400, body: { issues: [{ path: 'weekly.0.weekday' }] } });
    const unknown = await json(
      await adminCall(t.app, 'PUT', '/api/admin/instructors/nobody/availability', {
        body: { weekly: [], exceptions: [] },
      }),
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});

describe('appointment types (issue 38 item 3)', () => {
  it('given an instructor, when a lesson type naming them is added, then GET lists it; naming no instructor or a party without guests is 400 naming the field', async () => {
    const t = await open();
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
    const list = await json(await adminCall(t.app, 'GET', '/api/admin/appointment-types'));
    expect(list.body).toEqual([{ id: typeId, ...LESSON, instructorIds: [instructorId] }]);
    const stranger = await json(
      await adminCall(t.app, 'POST', '/api/admin/appointment-types', {
        body: { ...LESSON, instructorIds: ['nobody'] },
      }),
    );
    expect(stranger).toMatchObject({ status: 400, body: { issues: [{ path: 'instructorIds.0' }] } });
    const party = await json(
      await adminCall(t.app, 'POST', '/api/admin/appointment-types', {
        body: { ...LESSON, kind: 'party', instructorIds: [instructorId] },
      }),
    );
    expect(party).toMatchObject({ status: 400, body: { issues: [{ path: 'guests' }] } });
  });
});

describe('slots and bookings (issue 38 items 4, 5)', () => {
  it('given Tuesday hours 09:00-12:00, when the slots are asked, then hour-long lessons every quarter hour on the school clock', async () => {
    const t = await open();
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
    const slots = await slotsOf(t, typeId, `from=${TUESDAY}&to=${TUESDAY}`);
    expect(slots.status).toBe(200);
    expect(slots.body.map((s) => s.startsAt)).toEqual([
      '2030-03-05T09:00:00-06:00',
      '2030-03-05T09:15:00-06:00',
      '2030-03-05T09:30:00-06:00',
      '2030-03-05T09:45:00-06:00',
      '2030-03-05T10:00:00-06:00',
      '2030-03-05T10:15:00-06:00',
      '2030-03-05T10:30:00-06:00',
      '2030-03-05T10:45:00-06:00',
      '2030-03-05T11:00:00-06:00',
    ]);
    expect(slots.body[0]).toEqual({
      startsAt: '2030-03-05T09:00:00-06:00',
      endsAt: '2030-03-05T10:00:00-06:00',
      instructorId,
      instructorName: 'Margaret Ellison',
    });
  });

  it('given bad queries, when the slots are asked, then 400 names the field, 404 an unknown type', async () => {
    const t = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app);
    expect(await slotsOf(t, typeId, `from=2030-02-30&to=${TUESDAY}`)).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'from' }] },
    });
    expect(await slotsOf(t, typeId, `from=${TUESDAY}&to=2030-03-01`)).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'to' }] },
    });
    expect(await slotsOf(t, typeId, `from=${TUESDAY}&to=${TUESDAY}&instructorId=other`)).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'instructorId' }] },
    });
    expect(await slotsOf(t, 'nope', `from=${TUESDAY}&to=${TUESDAY}`)).toMatchObject({ status: 404 });
  });

  it('given a free slot, when a parent books it, then 201 with the hold and price, its time held on the calendar stream, the request on the appointment stream, and the slot and its buffer no longer offered', async () => {
    const t = await open();
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
    const booked = await json<{ appointmentId: string }>(
      await book(t.app, typeId, { startsAt: '2030-03-05T11:00:00-06:00' }),
    );
    expect(booked).toEqual({
      status: 201,
      body: {
        appointmentId: expect.any(String),
        holdExpiresAt: expect.stringMatching(/^2030-03-04T12:30:00-06:00$/),
        amountCents: 25_000,
        pricing: {
          lines: [{ label: 'Private Etiquette Lesson', amountCents: 25_000 }],
          totalCents: 25_000,
          dueNowCents: 25_000,
          dueLaterCents: 0,
        },
        clientSecret: expect.stringMatching(/_secret_/),
      },
    });
    expect(await typesOf(t, `instructor-calendar-${instructorId}`)).toEqual(['AppointmentSlotHeld']);
    const [requested] = await t.eventStore.readStream(`appointment-${booked.body.appointmentId}`);
    expect(requested).toMatchObject({
      type: 'AppointmentRequested',
      data: { instructorId, typeId, startsAt: '2030-03-05T11:00:00-06:00', endsAt: '2030-03-05T12:00:00-06:00' },
    });
    const left = await slotsOf(t, typeId, `from=${TUESDAY}&to=${TUESDAY}`);
    expect(left.body.map((s) => s.startsAt)).toEqual([
      '2030-03-05T09:00:00-06:00',
      '2030-03-05T09:15:00-06:00',
      '2030-03-05T09:30:00-06:00',
      '2030-03-05T09:45:00-06:00',
    ]);
  });

  it('given a slot taken, when another parent books it, then 409 with the nearest free times; too soon or outside the hours is 400 naming startsAt', async () => {
    const t = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app);
    expect((await book(t.app, typeId, { startsAt: '2030-03-05T11:00:00-06:00' })).status).toBe(201);
    const second = await json<{ error: string; nearest: { startsAt: string }[] }>(
      await book(t.app, typeId, { startsAt: '2030-03-05T11:00:00-06:00' }),
    );
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('That time was just taken; here are the nearest free times.');
    expect(second.body.nearest[0]!.startsAt).toBe('2030-03-05T09:45:00-06:00');
    const outside = await json(await book(t.app, typeId, { startsAt: '2030-03-05T13:00:00-06:00' }));
    expect(outside).toMatchObject({ status: 400, body: { issues: [{ path: 'startsAt' }] } });
    const { instructorId } = await givenAnInstructorAndALesson(t.app);
    const notice = await json<{ id: string }>(
      await adminCall(t.app, 'POST', '/api/admin/appointment-types', {
        body: { ...LESSON, minNoticeHours: 48, instructorIds: [instructorId] },
      }),
    );
    const tooSoon = await json(await book(t.app, notice.body.id, { startsAt: '2030-03-05T09:00:00-06:00' }));
    expect(tooSoon).toMatchObject({ status: 400, body: { issues: [{ path: 'startsAt' }] } });
  });

  it('given bad bookings, then 400 names the field: terms, e-mail, guests on a lesson, a pack code', async () => {
    const t = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app);
    const startsAt = '2030-03-05T10:00:00-06:00';
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt, agreeToTerms: false }, 'agreeToTerms'],
      [{ startsAt, email: 'nope' }, 'email'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ startsAt, guests: 3 }, 'guests'],
      [{ startsAt, packCode: 'PACK-1' }, 'packCode'],
      [{ startsAt, participantName: '' }, 'participantName'],
    ];
    for (const [body, field] of cases) {
      const answer = await json<{ issues: { path: string }[] }>(await book(t.app, typeId, body));
      expect([answer.status, answer.body.issues?.[0]?.path], field).toEqual([400, field]);
    }
    expect(PARENT.agreeToTerms).toBe(true);
  });

  it('given a party of 2 hours for 5 to 12 guests with a deposit, when 10 guests are booked, then the deposit is due now and the rest later', async () => {
    const t = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app, {
      title: 'Princess Tea Party',
      kind: 'party',
      minutes: 120,
      priceCents: 20_000,
      guests: { min: 5, max: 12, priceCentsPerGuest: 2_500 },
      depositCents: 10_000,
    });
    const tooMany = await json(await book(t.app, typeId, { startsAt: '2030-03-05T09:00:00-06:00', guests: 13 }));
    expect(tooMany).toMatchObject({ status: 400, body: { issues: [{ path: 'guests' }] } });
    const booked = await json(await book(t.app, typeId, { startsAt: '2030-03-05T09:00:00-06:00', guests: 10 }));
    expect(booked).toMatchObject({
      status: 201,
      body: { amountCents: 45_000, pricing: { totalCents: 45_000, dueNowCents: 10_000, dueLaterCents: 35_000 } },
    });
  });

  it('given a lesson with nothing due, when a parent books it, then 201 without a hold end and its time is booked at once', async () => {
    const t = await open();
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app, { priceCents: 0 });
    const booked = await json(await book(t.app, typeId, { startsAt: '2030-03-05T09:00:00-06:00' }));
    expect(booked).toMatchObject({ status: 201, body: { holdExpiresAt: null, amountCents: 0 } });
    expect(booked.body).not.toHaveProperty('clientSecret');
    expect(await typesOf(t, `instructor-calendar-${instructorId}`)).toEqual([
      'AppointmentSlotHeld',
      'AppointmentSlotBooked',
    ]);
  });
});

describe('what a program offers (issue 38 item 4: the program page\'s "Book a private lesson")', () => {
  it("given a lesson type of program 6, when a parent lists the program's types, then it and its instructors by name; another program none; a bad id is 400", async () => {
    const t = await open();
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app, { programId: '6' });
    const listed = await json(await t.app.request('/api/appointment-types?programId=6'));
    expect(listed).toEqual({
      status: 200,
      body: [
        {
          id: typeId,
          title: 'Private Etiquette Lesson',
          kind: 'lesson',
          minutes: 60,
          priceCents: 25_000,
          programId: '6',
          horizonDays: 60,
          instructors: [{ id: instructorId, name: 'Margaret Ellison' }],
        },
      ],
    });
    expect((await json(await t.app.request('/api/appointment-types?programId=7'))).body).toEqual([]);
    expect(await json(await t.app.request('/api/appointment-types?programId=a%20b'))).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'programId' }] },
    });
  });
});
