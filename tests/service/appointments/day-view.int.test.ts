import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { book, fixedClock, givenAnInstructorAndALesson, json } from './support.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe("the office's day view of an instructor (issue 38 item 6)", () => {
  it('given two lessons booked on Tuesday, when the office asks for that day, then both are listed in time order from the instructor-days read model; another day is empty', async () => {
    const t = await makeTestApp({ clock: fixedClock, seed: false });
    apps.push(t);
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
    const late = await json<{ appointmentId: string }>(
      await book(t.app, typeId, { startsAt: '2030-03-05T11:00:00-06:00' }),
    );
    const early = await json<{ appointmentId: string }>(
      await book(t.app, typeId, { startsAt: '2030-03-05T09:00:00-06:00' }),
    );
    await t.settle();
    const day = await json(await adminCall(t.app, 'GET', `/api/admin/instructors/${instructorId}/day?date=2030-03-05`));
    expect(day).toEqual({
      status: 200,
      body: {
        instructorId,
        date: '2030-03-05',
        entries: [
          expect.objectContaining({
            id: early.body.appointmentId,
            kind: 'lesson',
            startsAt: '2030-03-05T09:00:00-06:00',
            endsAt: '2030-03-05T10:00:00-06:00',
            status: 'held',
          }),
          expect.objectContaining({ id: late.body.appointmentId, startsAt: '2030-03-05T11:00:00-06:00' }),
        ],
      },
    });
    const other = await json(
      await adminCall(t.app, 'GET', `/api/admin/instructors/${instructorId}/day?date=2030-03-06`),
    );
    expect(other.body).toEqual({ instructorId, date: '2030-03-06', entries: [] });
  });

  it('given bad input, when the day is asked, then 400 names the date; an unknown instructor is 404', async () => {
    const t = await makeTestApp({ clock: fixedClock, seed: false });
    apps.push(t);
    const { instructorId } = await givenAnInstructorAndALesson(t.app);
    const bad = await json(await adminCall(t.app, 'GET', `/api/admin/instructors/${instructorId}/day?date=Tuesday`));
    expect(bad).toMatchObject({ status: 400, body: { issues: [{ path: 'date' }] } });
    const unknown = await adminCall(t.app, 'GET', '/api/admin/instructors/nobody/day?date=2030-03-05');
    expect(unknown.status).toBe(404);
  });
});
