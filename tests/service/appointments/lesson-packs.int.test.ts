import { afterEach, describe, expect, it } from 'vitest';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import { adminCall } from '../admin/support.js';
import { appointmentPath } from '../../../service/appointments/appointment-link.js';
import { asNewVisitor } from '../../support/visitors.js';
import { book, givenAnInstructorAndALesson, json, LESSON, NOW, PARENT } from './support.js';

const apps: EnrollmentTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const PACKS = { packs: [{ count: 3, priceCents: 60_000 }], packValidDays: 90 };
const BUYER = { count: 3, purchaserName: 'Ada Lovelace', purchaserEmail: 'Ada@Example.com' };
/** A week ahead (CDT), far outside the 24 hours of LESSON_FULL_REFUND_HOURS. */
const LATER = '2030-03-12T10:00:00-05:00';

async function open(env: Record<string, string> = {}) {
  const clock = { now: new Date(NOW) };
  const t = await makeEnrollmentApp({ clock: () => new Date(clock.now), seed: false, reactors: true, env });
  apps.push(t);
  return { t, clock };
}

const typesOf = async (t: EnrollmentTestApp, streamId: string) =>
  (await t.eventStore.readStream(streamId)).map((e) => e.type);

const orderPack = (t: EnrollmentTestApp, typeId: string, body: Record<string, unknown> = BUYER) =>
  t.post(`/api/appointment-types/${typeId}/packs`, body);

const packOf = async (t: EnrollmentTestApp, code: string) =>
  json<Record<string, unknown>>(await t.get(`/api/lesson-packs/${code}`));

/** Buys and pays a 3-lesson pack of a lesson type: the type, its instructor, the pack's id and the code e-mailed. */
async function givenAPaidPack(t: EnrollmentTestApp, lesson: Record<string, unknown> = {}) {
  const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app, { ...PACKS, ...lesson });
  const ordered = await json<{ packOrderId: string; clientSecret: string }>(await orderPack(t, typeId));
  const { clientSecret, packOrderId } = ordered.body;
  await t.post('/api/offline-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  await t.offline.idle();
  const paymentIntentId = clientSecret.split('_secret_')[0]!;
  const verified = await json(await t.post('/api/payments/verify', { paymentIntentId, clientSecret }));
  expect(verified).toMatchObject({ status: 200, body: { status: 'succeeded', enrollmentId: null } });
  await t.settle();
  const mail = t.mailer.sent.find((m) => m.to === 'ada@example.com' && /lesson pack/.test(m.subject));
  const code = /Code:\s+([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no lesson pack e-mail');
  return { instructorId, typeId, lessonPackId: packOrderId, code };
}

/** The first `n` free times of the type from the week after NOW, none overlapping another with its hour and buffer. */
async function freeTimes(t: EnrollmentTestApp, typeId: string, n: number) {
  const slots = await json<{ startsAt: string }[]>(
    await t.get(`/api/appointment-types/${typeId}/slots?from=2030-03-05&to=2030-04-30`),
  );
  const apart = (LESSON.minutes + LESSON.bufferMinutes) * 60_000;
  const times: string[] = [];
  for (const { startsAt } of slots.body) {
    const last = times.at(-1);
    if (last === undefined || Date.parse(startsAt) >= Date.parse(last) + apart) times.push(startsAt);
  }
  return times.slice(0, n);
}

describe('lesson packs on the appointment types (issue 38 item 7)', () => {
  it('given a lesson type with packs, when saved, then the office and the parents see its packs and their days', async () => {
    const { t } = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app, PACKS);
    const listed = await json<Record<string, unknown>[]>(await t.get('/api/appointment-types'));
    expect(listed.body).toEqual([expect.objectContaining({ id: typeId, ...PACKS })]);
    const admin = await json<Record<string, unknown>[]>(await adminCall(t.app, 'GET', '/api/admin/appointment-types'));
    expect(admin.body).toEqual([expect.objectContaining({ id: typeId, ...PACKS })]);
  });

  it('given bad packs, when a type is saved, then 400 names the field; a type without packs is saved as before', async () => {
    const { t } = await open();
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
    const base = { ...LESSON, instructorIds: [instructorId] };
    const party = { kind: 'party', guests: { min: 1, max: 12, priceCentsPerGuest: 100 } };
    const cases: [Record<string, unknown>, string][] = [
      [{ packs: [{ count: 1, priceCents: 100 }], packValidDays: 90 }, 'packs.0.count'],
      [{ packs: [{ count: 4, priceCents: -1 }], packValidDays: 90 }, 'packs.0.priceCents'],
      [{ packs: [{ count: 4, priceCents: 100 }] }, 'packValidDays'],
      [{ ...PACKS, packValidDays: 0 }, 'packValidDays'],
      [{ ...PACKS, ...party }, 'packs'],
      [{ packs: [PACKS.packs[0], PACKS.packs[0]], packValidDays: 90 }, 'packs.1.count'],
    ];
    for (const [extra, field] of cases) {
      const added = await json<{ issues?: { path: string }[] }>(
        await adminCall(t.app, 'POST', '/api/admin/appointment-types', { body: { ...base, ...extra } }),
      );
      expect([added.status, added.body.issues?.[0]?.path], field).toEqual([400, field]);
    }
    const put = await adminCall(t.app, 'PUT', `/api/admin/appointment-types/${typeId}`, {
      body: { ...base, ...PACKS },
    });
    expect(put.status).toBe(200);
  });
});

describe('buying a lesson pack (issue 38 item 7)', () => {
  it('given a type selling 3 lessons for $600, when a pack is bought and paid, then its code is e-mailed once and shows 3 lessons left, nobody named', async () => {
    const { t } = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app, PACKS);
    const ordered = await json<{ packOrderId: string; amountCents: number; clientSecret: string }>(
      await orderPack(t, typeId),
    );
    expect(ordered).toMatchObject({
      status: 201,
      body: { packOrderId: expect.any(String), amountCents: 60_000, clientSecret: expect.stringMatching(/_secret_/) },
    });
    const { lessonPackId, code } = await givenAPaidPack(t);
    expect(await typesOf(t, `lesson-pack-${lessonPackId}`)).toEqual([
      'LessonPackOrdered',
      'LessonPackPaid',
      'LessonPackEmailSent',
    ]);
    const mails = t.mailer.sent.filter((m) => m.subject === 'Your 3-lesson pack for Private Etiquette Lesson');
    expect(mails.map((m) => m.to)).toEqual(['ada@example.com']);
    const shown = await packOf(t, code.toLowerCase());
    expect(shown).toEqual({
      status: 200,
      body: {
        remaining: 3,
        count: 3,
        expiresAt: expect.stringMatching(/^2030-06-02T/),
        typeId: expect.any(String),
        typeTitle: 'Private Etiquette Lesson',
      },
    });
  });

  it('given an order not paid, or a code of nothing, when its lessons are asked for, then one 404', async () => {
    const { t } = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app, PACKS);
    await orderPack(t, typeId);
    const [event] = (await t.eventStore.readAll({ limit: 1_000 })).filter((e) => e.type === 'LessonPackOrdered');
    const unpaid = (event!.data as { code: string }).code;
    expect((await packOf(t, unpaid)).status).toBe(404);
    expect((await packOf(t, '7QXM-3KPD-9HRT-2WVB')).status).toBe(404);
    expect((await packOf(t, 'nope')).status).toBe(404);
  });

  it('given bad orders, then 400 names the field, and an unknown type is 404', async () => {
    const { t } = await open();
    const { typeId } = await givenAnInstructorAndALesson(t.app, PACKS);
    const { typeId: plain } = await givenAnInstructorAndALesson(t.app, { title: 'Table Manners' });
    const cases: [string, Record<string, unknown>, string][] = [
      [typeId, { ...BUYER, count: 4 }, 'count'],
      [typeId, { ...BUYER, count: 'three' }, 'count'],
      [plain, BUYER, 'count'],
      [typeId, { ...BUYER, purchaserEmail: 'nope' }, 'purchaserEmail'],
      [typeId, { ...BUYER, purchaserName: '' }, 'purchaserName'],
    ];
    for (const [id, body, field] of cases) {
      const answer = await json<{ issues?: { path: string }[] }>(await orderPack(t, id, body));
      expect([answer.status, answer.body.issues?.[0]?.path], field).toEqual([400, field]);
    }
    expect((await orderPack(t, 'no-such-type')).status).toBe(404);
  });
});

describe('booking with a lesson pack (issue 38 item 7)', () => {
  it('given a paid pack, when a lesson is booked with its code, then nothing is due by card, the lesson is booked, and one lesson is drawn', async () => {
    const { t } = await open();
    const { typeId, lessonPackId, code } = await givenAPaidPack(t);
    const booked = await json<Record<string, unknown>>(await book(t.app, typeId, { startsAt: LATER, packCode: code }));
    expect(booked).toMatchObject({
      status: 201,
      body: { amountCents: 0, holdExpiresAt: null, pricing: { totalCents: 0, dueNowCents: 0 } },
    });
    expect(booked.body).not.toHaveProperty('clientSecret');
    await t.settle();
    expect(await typesOf(t, `appointment-${booked.body.appointmentId as string}`)).toEqual([
      'AppointmentRequested',
      'AppointmentConfirmed',
    ]);
    expect(await typesOf(t, `lesson-pack-${lessonPackId}`)).toContain('LessonDrawnFromPack');
    expect((await packOf(t, code)).body).toMatchObject({ remaining: 2, count: 3 });
  });

  it('given a pack of another type, an unknown code, or a pack expired, when used, then the booking is refused by name and nothing is drawn', async () => {
    const { t, clock } = await open();
    const { code, lessonPackId } = await givenAPaidPack(t);
    const { typeId: other } = await givenAnInstructorAndALesson(t.app, { title: 'Table Manners' });
    const otherType = await json<{ code: string; issues: { path: string }[] }>(
      await book(t.app, other, { startsAt: LATER, packCode: code }),
    );
    expect(otherType).toMatchObject({ status: 400, body: { code: 'validation', issues: [{ path: 'packCode' }] } });
    const unknown = await json(await book(t.app, other, { startsAt: LATER, packCode: '7QXM-3KPD-9HRT-2WVB' }));
    expect(unknown).toMatchObject({ status: 400, body: { issues: [{ path: 'packCode' }] } });
    const typo = await json(await book(t.app, other, { startsAt: LATER, packCode: 'PACK-1' }));
    expect(typo).toMatchObject({ status: 400, body: { issues: [{ path: 'packCode' }] } });

    clock.now = new Date('2030-06-03T12:00:00-05:00');
    const { typeId: later } = await givenAnInstructorAndALesson(t.app, { ...PACKS, title: 'Summer Lesson' });
    const expiredType = (await t.eventStore.readStream(`lesson-pack-${lessonPackId}`))[0]!.data as { typeId: string };
    const expired = await json(
      await book(t.app, expiredType.typeId, { startsAt: '2030-06-11T10:00:00-05:00', packCode: code }),
    );
    expect(expired).toMatchObject({ status: 409, body: { code: 'credit_expired', issues: [{ path: 'packCode' }] } });
    expect(later).toBeTruthy();
    expect(await typesOf(t, `lesson-pack-${lessonPackId}`)).not.toContain('LessonDrawnFromPack');
  });

  it('given a pack whose three lessons are booked, when a fourth is booked, then 409 says it is used up; a lesson cancelled in time comes back once', async () => {
    const { t } = await open();
    const { typeId, code, lessonPackId } = await givenAPaidPack(t);
    const times = await freeTimes(t, typeId, 4);
    const ids: string[] = [];
    for (const startsAt of times.slice(0, 3)) {
      const booked = await json<{ appointmentId: string }>(await book(t.app, typeId, { startsAt, packCode: code }));
      expect(booked.status).toBe(201);
      ids.push(booked.body.appointmentId);
    }
    const fourth = await json(await book(t.app, typeId, { startsAt: times[3], packCode: code }));
    expect(fourth).toMatchObject({ status: 409, body: { code: 'credit_used', issues: [{ path: 'packCode' }] } });
    expect((await packOf(t, code)).body).toMatchObject({ remaining: 0 });

    const token = appointmentPath(t.deps.config, ids[2]!)!.replace('/appointment/', '');
    expect((await t.post(`/api/appointments/${token}/cancel`, {})).status).toBe(200);
    expect((await t.post(`/api/appointments/${token}/cancel`, {})).status).toBe(200);
    await t.settle();
    expect((await packOf(t, code)).body).toMatchObject({ remaining: 1 });
    const back = (await t.eventStore.readStream(`lesson-pack-${lessonPackId}`)).filter(
      (e) => e.type === 'LessonReturnedToPack',
    );
    expect(back.map((e) => e.data)).toEqual([expect.objectContaining({ appointmentId: ids[2], reason: 'cancelled' })]);
    expect((await book(t.app, typeId, { startsAt: times[3], packCode: code })).status).toBe(201);
  });

  it('given a booking whose time was just taken, when it used a pack, then its lesson goes back to the pack', async () => {
    const { t } = await open();
    const { typeId, code, lessonPackId } = await givenAPaidPack(t);
    expect((await book(t.app, typeId, { startsAt: LATER })).status).toBe(201);
    const taken = await json(await book(t.app, typeId, { startsAt: LATER, packCode: code }));
    expect(taken.status).toBe(409);
    expect((await packOf(t, code)).body).toMatchObject({ remaining: 3 });
    expect(await typesOf(t, `lesson-pack-${lessonPackId}`)).toEqual([
      'LessonPackOrdered',
      'LessonPackPaid',
      'LessonPackEmailSent',
      'LessonDrawnFromPack',
      'LessonReturnedToPack',
    ]);
  });
});

describe('a lesson pack under contention (issue 38 item 7, Must show)', () => {
  it('given one 3-lesson pack, when 20 parents book 20 different times with it at once, then exactly three are drawn from it and the rest are refused as used up', async () => {
    const { t } = await open({ TRUST_PROXY: '127.0.0.1' });
    const { typeId, instructorId, code, lessonPackId } = await givenAPaidPack(t);
    await adminCall(t.app, 'PUT', `/api/admin/instructors/${instructorId}/availability`, {
      body: { weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '08:00', to: '18:00' })), exceptions: [] },
    });
    const times = await freeTimes(t, typeId, 20);
    expect(times).toHaveLength(20);
    const answers = await Promise.all(
      times.map(async (startsAt, i) => {
        const res = await t.app.request(`/api/appointment-types/${typeId}/bookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...asNewVisitor() },
          body: JSON.stringify({ ...PARENT, email: `parent-${i}@example.com`, startsAt, packCode: code }),
        });
        return json<{ code?: string; clientSecret?: string }>(res);
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 201 && a.body.clientSecret)).toEqual([]);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'credit_used')).toHaveLength(17);
    const drawn = (await t.eventStore.readStream(`lesson-pack-${lessonPackId}`)).filter(
      (e) => e.type === 'LessonDrawnFromPack',
    );
    expect(drawn).toHaveLength(3);
    expect((await packOf(t, code)).body).toMatchObject({ remaining: 0, count: 3 });
  });
});
