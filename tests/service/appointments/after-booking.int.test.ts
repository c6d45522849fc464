import { afterEach, describe, expect, it } from 'vitest';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import { book, givenAnInstructorAndALesson, json, NOW, PARENT } from './support.js';

const apps: EnrollmentTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A week ahead (after the spring change: CDT), far outside the 24 hours of LESSON_FULL_REFUND_HOURS. */
const NEXT_TUESDAY = '2030-03-12';
const LATER = `${NEXT_TUESDAY}T10:00:00-05:00`;
/** Tomorrow: 22 hours ahead, inside them. */
const TOMORROW = '2030-03-05T10:00:00-06:00';
const INSTRUCTOR = 'margaret@greatlakesetiquette.com';

async function open() {
  const t = await makeEnrollmentApp({ clock: () => new Date(NOW), seed: false, reactors: true });
  apps.push(t);
  return t;
}

const typesOf = async (t: EnrollmentTestApp, streamId: string) =>
  (await t.eventStore.readStream(streamId)).map((e) => e.type);

/** Books and pays a lesson at `startsAt`: its id, its page's token and the calendar's owner. */
async function givenAPaidLesson(t: EnrollmentTestApp, startsAt: string) {
  const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
  const booked = await json<{ appointmentId: string; clientSecret: string }>(await book(t.app, typeId, { startsAt }));
  const { clientSecret, appointmentId } = booked.body;
  await t.post('/api/offline-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  await t.offline.idle();
  const paymentIntentId = clientSecret.split('_secret_')[0]!;
  const verified = await json<{ appointmentPath: string }>(
    await t.post('/api/payments/verify', { paymentIntentId, clientSecret }),
  );
  await t.settle();
  const token = verified.body.appointmentPath.replace('/appointment/', '');
  return { instructorId, typeId, appointmentId, token };
}

const page = async (t: EnrollmentTestApp, token: string) =>
  json<Record<string, unknown>>(await t.get(`/api/appointments/${token}`));

describe('after the booking: the appointment page (issue 38 item 6)', () => {
  it('given a paid lesson a week ahead, when the parent opens its page, then it is confirmed, fully refundable and movable', async () => {
    const t = await open();
    const { appointmentId, instructorId, token } = await givenAPaidLesson(t, LATER);
    expect(await page(t, token)).toEqual({
      status: 200,
      body: {
        appointmentId,
        status: 'confirmed',
        typeId: expect.any(String),
        title: 'Private Etiquette Lesson',
        kind: 'lesson',
        instructorId,
        instructorName: 'Margaret Ellison',
        startsAt: LATER,
        endsAt: `${NEXT_TUESDAY}T11:00:00-05:00`,
        participantName: 'Emma Bennett',
        amountCents: 25_000,
        paidCents: 25_000,
        dueLaterCents: 0,
        refundedCents: 0,
        holdExpiresAt: null,
        fullRefundUntil: '2030-03-11T10:00:00-05:00',
        canCancel: true,
        canReschedule: true,
        refundIfCancelledCents: 25_000,
      },
    });
    const ics = await t.get(`/api/appointments/${token}/calendar.ics`);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(await ics.text()).toContain('DTSTART:20300312T150000Z');
  });

  it('given a paid lesson a week ahead, when the parent moves it to another free time, then the calendar moves it in one event, the old time is free again, and parent and instructor are told with the calendar file updated', async () => {
    const t = await open();
    const { appointmentId, instructorId, typeId, token } = await givenAPaidLesson(t, LATER);
    const NEW = `${NEXT_TUESDAY}T09:00:00-05:00`;
    // 09:00 overlaps the lesson's own 10:00 with its buffer: its own time does not keep it from moving.
    const moved = await json<{ startsAt: string }>(
      await t.post(`/api/appointments/${token}/reschedule`, { startsAt: NEW }),
    );
    expect(moved).toMatchObject({ status: 200, body: { startsAt: NEW, status: 'confirmed' } });
    await t.settle();

    const calendar = await t.eventStore.readStream(`instructor-calendar-${instructorId}`);
    expect(calendar.filter((e) => e.type === 'AppointmentSlotMoved').map((e) => e.data)).toEqual([
      expect.objectContaining({
        appointmentId,
        from: { startsAt: LATER, endsAt: `${NEXT_TUESDAY}T11:00:00-05:00` },
        startsAt: NEW,
      }),
    ]);
    expect(await typesOf(t, `appointment-${appointmentId}`)).toContain('AppointmentRescheduled');
    const slots = await json<{ startsAt: string }[]>(
      await t.app.request(`/api/appointment-types/${typeId}/slots?from=${NEXT_TUESDAY}&to=${NEXT_TUESDAY}`),
    );
    expect(slots.body.map((s) => s.startsAt)).toContain(`${NEXT_TUESDAY}T11:00:00-05:00`);
    const toParent = t.mailer.sent.filter((m) => m.to === PARENT.email).at(-1)!;
    expect(toParent.subject).toBe(
      'Your appointment has moved: Private Etiquette Lesson, Tuesday, March 12, 2030, 9:00 AM - 10:00 AM',
    );
    expect(toParent.text).toContain('Tuesday, March 12, 2030, 10:00 AM - 11:00 AM');
    expect(toParent.attachments[0]!.content).toContain('SEQUENCE:1');
    expect(t.mailer.sent.filter((m) => m.to === INSTRUCTOR).map((m) => m.subject.split(':')[0])).toEqual([
      'A new appointment was booked with you',
      'An appointment with you has moved',
    ]);
  });

  it('given a paid lesson a week ahead, when the parent cancels it, then its time is given back, all that was paid refunded, and both are told', async () => {
    const t = await open();
    const { appointmentId, instructorId, token } = await givenAPaidLesson(t, LATER);
    const cancelled = await json(await t.post(`/api/appointments/${token}/cancel`, {}));
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', canCancel: false } });
    await t.settle();

    expect(await typesOf(t, `appointment-${appointmentId}`)).toEqual([
      'AppointmentRequested',
      'AppointmentPaid',
      'AppointmentConfirmed',
      'AppointmentCancelled',
      'AppointmentRefunded',
    ]);
    const [refunded] = (await t.eventStore.readStream(`appointment-${appointmentId}`)).slice(-1);
    expect(refunded!.data).toMatchObject({ amountCents: 25_000, reason: 'cancelled' });
    const calendar = await t.eventStore.readStream(`instructor-calendar-${instructorId}`);
    expect(calendar.filter((e) => e.type === 'AppointmentSlotReleased').map((e) => e.data)).toEqual([
      expect.objectContaining({ appointmentId, reason: 'cancelled' }),
    ]);
    expect(
      calendar.filter((e) => e.type === 'InstructorNotified').map((e) => (e.data as { kind: string }).kind),
    ).toEqual(['booked', 'cancelled']);
    expect((await page(t, token)).body).toMatchObject({ status: 'cancelled', refundedCents: 25_000 });
    const toParent = t.mailer.sent.filter((m) => m.to === PARENT.email).at(-1)!;
    expect(toParent.subject).toMatch(/^Your appointment is cancelled: /);
    expect(toParent.text).toContain('$250.00 to the card used for payment');
    expect(toParent.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(t.mailer.sent.filter((m) => m.to === INSTRUCTOR).at(-1)!.subject).toMatch(
      /^An appointment with you was cancelled: /,
    );
    // Asked again: nothing more happens.
    expect((await t.post(`/api/appointments/${token}/cancel`, {})).status).toBe(200);
    await t.settle();
    expect((await typesOf(t, `appointment-${appointmentId}`)).filter((x) => x === 'AppointmentRefunded')).toHaveLength(
      1,
    );
  });

  it('given a paid lesson tomorrow (inside LESSON_FULL_REFUND_HOURS), then it cannot be moved online (409) and cancelling refunds nothing', async () => {
    const t = await open();
    const { appointmentId, token } = await givenAPaidLesson(t, TOMORROW);
    expect((await page(t, token)).body).toMatchObject({ canReschedule: false, refundIfCancelledCents: 0 });
    const move = await json<{ error: string }>(
      await t.post(`/api/appointments/${token}/reschedule`, { startsAt: '2030-03-05T09:00:00-06:00' }),
    );
    expect(move.status).toBe(409);
    expect(move.body.error).toContain('until 24 hours before it starts');
    expect((await t.post(`/api/appointments/${token}/cancel`, {})).status).toBe(200);
    await t.settle();
    const events = await typesOf(t, `appointment-${appointmentId}`);
    expect(events.at(-1)).toBe('AppointmentCancelled');
    expect(events).not.toContain('AppointmentRefunded');
  });

  it('given bad requests, then a forged or unknown token is 404, a time taken is 409 with the nearest free times, a bad time is 400 naming startsAt, and a cancelled appointment cannot move', async () => {
    const t = await open();
    const { typeId, token } = await givenAPaidLesson(t, LATER);
    expect((await page(t, `${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await page(t, 'nope')).status).toBe(404);
    expect((await t.post('/api/appointments/nope/cancel', {})).status).toBe(404);
    const other = `${NEXT_TUESDAY}T11:00:00-05:00`;
    // Another parent holds the Tuesday after at 10:00.
    const elsewhere = '2030-03-19T10:00:00-05:00';
    expect((await book(t.app, typeId, { startsAt: elsewhere })).status).toBe(201);
    const taken = await json<{ nearest: unknown[] }>(
      await t.post(`/api/appointments/${token}/reschedule`, { startsAt: elsewhere }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.nearest.length).toBeGreaterThan(0);
    const bad = await json(await t.post(`/api/appointments/${token}/reschedule`, { startsAt: 'soon' }));
    expect(bad).toMatchObject({ status: 400, body: { issues: [{ path: 'startsAt' }] } });
    const outside = await json(
      await t.post(`/api/appointments/${token}/reschedule`, { startsAt: `${NEXT_TUESDAY}T14:00:00-05:00` }),
    );
    expect(outside).toMatchObject({ status: 400, body: { issues: [{ path: 'startsAt' }] } });
    await t.post(`/api/appointments/${token}/cancel`, {});
    expect((await t.post(`/api/appointments/${token}/reschedule`, { startsAt: other })).status).toBe(409);
  });
});
