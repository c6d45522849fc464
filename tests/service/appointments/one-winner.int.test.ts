import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { book, fixedClock, givenAnInstructorAndALesson } from './support.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const SLOT = '2030-03-05T10:00:00-06:00';

/** What the instructor's calendar stream holds once the parents have pressed: held appointments and their times. */
async function heldOn(t: TestApp, instructorId: string) {
  const events = await t.eventStore.readStream(`instructor-calendar-${instructorId}`);
  return events.filter((e) => e.type === 'AppointmentSlotHeld').map((e) => (e.data as { startsAt: string }).startsAt);
}

describe('exactly one winner per slot (issue 38 item 5)', () => {
  it('given one free slot, when 20 parents book it at once, then exactly one 201 and nineteen 409s, and one hold on the calendar', async () => {
    const t = await makeTestApp({ clock: fixedClock, seed: false });
    apps.push(t);
    const { instructorId, typeId } = await givenAnInstructorAndALesson(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await book(t.app, typeId, { startsAt: SLOT })).status),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await heldOn(t, instructorId)).toEqual([SLOT]);
  });

  it('given two API processes on one event store, when 10 parents on each book the same slot at once, then the expected revision of the calendar stream lets exactly one win', async () => {
    const store = validatingEventStore(new MemoryEventStore(), eventSchemas);
    const first = await makeTestApp({ clock: fixedClock, seed: false, eventStore: store });
    const second = await makeTestApp({ clock: fixedClock, seed: false, eventStore: store });
    apps.push(first, second);
    const { instructorId, typeId } = await givenAnInstructorAndALesson(first.app);
    const statuses = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) => (await book((i % 2 ? first : second).app, typeId, { startsAt: SLOT })).status,
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await heldOn(first, instructorId)).toEqual([SLOT]);
  });
});
