import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

let t: TestApp;
afterEach(() => t?.close());

const workshopForm = {
  title: 'Holiday Tea',
  description: 'A festive afternoon tea.',
  category: 'tea-party',
  date: '2025-12-13T14:00',
  time: '2:00 PM - 3:30 PM',
  location: 'Legacy Commons, Plano',
  price: 85.5,
  capacity: 12,
};

const listed = async (id: string, position: string) =>
  ((await (await t.app.request(`/api/workshops?minPosition=${position}`)).json()) as Workshop[]).find(
    (w) => w.id === id,
  );

const addInstructor = async (name: string) => {
  const res = await adminCall(t.app, 'POST', '/api/admin/instructors', {
    body: { name, email: `${name.split(' ')[0]!.toLowerCase()}@greatlakesetiquette.com` },
  });
  return ((await res.json()) as { id: string }).id;
};

describe("a workshop's instructor record on the admin form (issue 38 item 1)", () => {
  it('given an instructor, when a workshop names it, then it is stored with its id and name; an edit without it keeps it, an edit with another moves it', async () => {
    t = await makeTestApp({ seed: false });
    const anna = await addInstructor('Anna Reyes');
    const ben = await addInstructor('Ben Ortiz');

    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: { ...workshopForm, instructorId: anna, instructor: 'typed over' },
    });
    expect(created.status).toBe(201);
    const { id, position } = (await created.json()) as { id: string; position: string };
    expect(await listed(id, position)).toMatchObject({ instructorId: anna, instructor: 'Anna Reyes' });

    const kept = await adminCall(t.app, 'PUT', `/api/admin/workshops/${id}`, { body: workshopForm });
    const keptAt = ((await kept.json()) as { position: string }).position;
    expect(await listed(id, keptAt)).toMatchObject({ instructorId: anna, instructor: 'Anna Reyes' });

    const moved = await adminCall(t.app, 'PUT', `/api/admin/workshops/${id}`, {
      body: { ...workshopForm, instructorId: ben },
    });
    const movedAt = ((await moved.json()) as { position: string }).position;
    expect(await listed(id, movedAt)).toMatchObject({ instructorId: ben, instructor: 'Ben Ortiz' });
  });

  it('given an unknown instructor id, when a workshop is saved naming it, then 400 names instructorId and nothing is written', async () => {
    t = await makeTestApp({ seed: false });
    const head = await t.eventStore.headPosition();
    const res = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: { ...workshopForm, instructorId: 'nobody' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: expect.stringMatching(/^instructorId/),
      issues: [{ path: 'instructorId' }],
    });
    expect(await t.eventStore.headPosition()).toBe(head);
  });
});
