import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { Program } from '../../../contracts/catalogue/program.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';

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
  spotsRemaining: 999,
};

const schedule = async (position: string) =>
  (await (await t.app.request(`/api/workshops?minPosition=${position}`)).json()) as Workshop[];
const programs = async (position: string) =>
  (await (await t.app.request(`/api/programs?minPosition=${position}`)).json()) as Program[];

/** Holds seats on a workshop as an enrollment would. */
const reserve = (workshopId: string, seats: number) =>
  t.deps.commands.handle(
    workshopDecider,
    workshopStream(workshopId),
    {
      type: 'ReserveSeats',
      workshopId,
      enrollmentId: `hold-${seats}`,
      seats,
      expiresAt: '2025-12-01T00:00:00Z',
      at: '2025-01-01T00:00:00Z',
    },
    { correlationId: 'c', causationId: 'c', actor: 'visitor', at: '2025-06-01T00:00:00Z' },
  );

describe('admin workshops', () => {
  it('given a new workshop, when it is created, edited and deleted, then the public schedule follows each step', async () => {
    t = await makeTestApp();

    const created = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: workshopForm });
    expect(created.status).toBe(201);
    const { id, position } = (await created.json()) as { id: string; position: string };
    const listed = (await schedule(position)).find((w) => w.id === id);
    // The wall-clock time is read in the school's zone (CST in December); spots come from capacity, not the form.
    expect(listed).toMatchObject({
      title: 'Holiday Tea',
      date: '2025-12-13T14:00:00-06:00',
      price: 85.5,
      capacity: 12,
      spotsLeft: 12,
      instructor: 'Margaret Ellison',
    });

    const edited = await adminCall(t.app, 'PUT', `/api/admin/workshops/${id}`, {
      body: { ...workshopForm, title: 'Holiday Tea Party', capacity: 20 },
    });
    expect(edited.status).toBe(200);
    const afterEdit = (await schedule(((await edited.json()) as { position: string }).position)).find(
      (w) => w.id === id,
    );
    expect(afterEdit).toMatchObject({
      title: 'Holiday Tea Party',
      capacity: 20,
      spotsLeft: 20,
      instructor: 'Margaret Ellison',
    });

    const deleted = await adminCall(t.app, 'DELETE', `/api/admin/workshops/${id}`);
    expect(deleted.status).toBe(200);
    expect((await schedule(((await deleted.json()) as { position: string }).position)).some((w) => w.id === id)).toBe(
      false,
    );
    expect((await t.app.request(`/api/workshops/${id}`)).status).toBe(404);
  });

  it('given seats taken, when capacity is set below them, then it is refused with the number and nothing is appended', async () => {
    t = await makeTestApp();
    await reserve('8', 7);
    const head = await t.eventStore.headPosition();

    const res = await adminCall(t.app, 'PUT', '/api/admin/workshops/8', { body: { ...workshopForm, capacity: 6 } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'Capacity cannot be lower than the 7 seats already taken. Set it to 7 or more.',
    );
    expect(await t.eventStore.headPosition()).toBe(head);

    expect(
      (await adminCall(t.app, 'PUT', '/api/admin/workshops/8', { body: { ...workshopForm, capacity: 7 } })).status,
    ).toBe(200);
  });

  it('given active enrollments, when the workshop is deleted, then it is refused with a clear message and stays on the schedule', async () => {
    t = await makeTestApp();
    await reserve('4', 2);
    const head = await t.eventStore.headPosition();
    const res = await adminCall(t.app, 'DELETE', '/api/admin/workshops/4');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/has 1 active enrollment and cannot be deleted/);
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it.each([
    [{ ...workshopForm, title: '' }, 'title'],
    [{ ...workshopForm, category: 'gala' }, 'category'],
    [{ ...workshopForm, date: 'next Tuesday' }, 'date'],
    [{ ...workshopForm, date: '2025-02-30T10:00' }, 'date'],
    [{ ...workshopForm, capacity: 0 }, 'capacity'],
    [{ ...workshopForm, price: 10.005 }, 'price'],
  ])('given bad input (%j), then 400 names the field and nothing is appended', async (body, field) => {
    t = await makeTestApp();
    const head = await t.eventStore.headPosition();
    const res = await adminCall(t.app, 'POST', '/api/admin/workshops', { body });
    expect(res.status).toBe(400);
    const error = (await res.json()) as { error: string; issues?: { path: string }[] };
    expect(error.error).toMatch(new RegExp(`^${field}`));
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given an unknown workshop, when it is edited or deleted, then 404', async () => {
    t = await makeTestApp();
    expect((await adminCall(t.app, 'PUT', '/api/admin/workshops/nope', { body: workshopForm })).status).toBe(404);
    expect((await adminCall(t.app, 'DELETE', '/api/admin/workshops/nope')).status).toBe(404);
  });
});

describe('admin programs', () => {
  const programForm = {
    title: 'Manners & Me',
    description: 'Ages 6-10, summer session',
    category: 'Children',
    price: 199.99,
    image: '',
  };

  it('given a program, when it is created, edited and deleted, then the public list follows and hidden fields are kept', async () => {
    t = await makeTestApp();
    const created = await adminCall(t.app, 'POST', '/api/admin/programs', { body: programForm });
    expect(created.status).toBe(201);
    const { id, position } = (await created.json()) as { id: string; position: string };
    const listed = (await programs(position)).find((p) => p.id === id)!;
    // "&" drops out of the slug; the seeded program is manners-and-me, so there is no clash.
    expect(listed).toMatchObject({
      title: 'Manners & Me',
      slug: 'manners-me',
      price: 199.99,
      rating: null,
      reviews: 0,
      importedRatings: null,
    });

    const edited = await adminCall(t.app, 'PUT', `/api/admin/programs/1`, {
      body: { ...programForm, title: 'Manners & Me (renewed)', price: 230 },
    });
    const seeded = (await programs(((await edited.json()) as { position: string }).position)).find(
      (p) => p.id === '1',
    )!;
    expect(seeded).toMatchObject({ title: 'Manners & Me (renewed)', price: 230, slug: 'manners-and-me', rating: 4.9 });
    expect(seeded.features.length).toBeGreaterThan(0);

    const deleted = await adminCall(t.app, 'DELETE', `/api/admin/programs/${id}`);
    expect((await programs(((await deleted.json()) as { position: string }).position)).some((p) => p.id === id)).toBe(
      false,
    );
  });

  it('given a title whose slug is taken, then the new program gets a slug of its own', async () => {
    t = await makeTestApp();
    const res = await adminCall(t.app, 'POST', '/api/admin/programs', {
      body: { ...programForm, title: 'Executive Edge' },
    });
    const { id, position } = (await res.json()) as { id: string; position: string };
    const slug = (await programs(position)).find((p) => p.id === id)!.slug;
    expect(slug).not.toBe('executive-edge');
    expect(slug).toMatch(/^executive-edge-[a-z0-9]+$/);
  });

  it('given an image that is not a site path or https address, then 400', async () => {
    t = await makeTestApp();
    const res = await adminCall(t.app, 'POST', '/api/admin/programs', {
      body: { ...programForm, image: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
  });
});
