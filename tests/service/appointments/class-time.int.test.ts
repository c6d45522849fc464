import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { book, fixedClock, givenAnInstructorAndALesson, json } from './support.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A class on Tuesday 5 March 2030, 10:00 to 11:00, taught by the school's owner (the default instructor). */
const CLASS = {
  title: 'Table Manners for Teens',
  description: 'Napkins, cutlery and conversation.',
  category: 'teen',
  date: '2030-03-05T10:00',
  time: '10:00 AM - 11:00 AM',
  location: 'Plano',
  price: 45,
  capacity: 12,
};

describe('a class keeps its instructor time (issue 38 item 2, 5)', () => {
  it("given Margaret Ellison's Tuesday hours, when a class she teaches is scheduled at 10:00, then her calendar holds it, no slot overlaps it and a lesson over it is refused", async () => {
    const t = await makeTestApp({ clock: fixedClock, seed: false });
    apps.push(t);
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app, { bufferMinutes: 0 });
    const scheduled = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: CLASS });
    expect(scheduled.status).toBe(201);
    await t.settle();
    const calendar = await t.eventStore.readStream(`instructor-calendar-${instructorId}`);
    expect(calendar.map((e) => [e.type, e.data])).toEqual([
      [
        'ClassTimeBlocked',
        expect.objectContaining({
          sessions: [{ startsAt: '2030-03-05T10:00:00-06:00', endsAt: '2030-03-05T11:00:00-06:00' }],
        }),
      ],
    ]);
    const slots = await json<{ startsAt: string }[]>(
      await t.app.request(`/api/appointment-types/${typeId}/slots?from=2030-03-05&to=2030-03-05`),
    );
    expect(slots.body.map((s) => s.startsAt)).toEqual(['2030-03-05T09:00:00-06:00', '2030-03-05T11:00:00-06:00']);
    const over = await book(t.app, typeId, { startsAt: '2030-03-05T09:30:00-06:00' });
    expect(over.status).toBe(409);
  });
});
