import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { EL_PASO } from './support.js';

let t: TestApp;
afterEach(() => t?.close());

const json = async <T = Record<string, unknown>>(res: Response) => ({
  status: res.status,
  body: (await res.json()) as T,
});
type Written = { id: string; rooms: { id: string; name: string; capacity: number }[]; position: string };

describe('locations', () => {
  it('given a new location with two rooms, when the office opens it, then 201 answers its id and rooms with ids, and the public list shows it without the office notes', async () => {
    t = await makeTestApp({ seed: false });

    const opened = await json<Written>(await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO }));

    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      id: expect.any(String),
      rooms: [
        { id: expect.any(String), name: 'Salon', capacity: 12 },
        { id: expect.any(String), name: 'Tea Room', capacity: 8 },
      ],
    });
    const listed = await json<Record<string, unknown>[]>(
      await t.app.request(`/api/locations?minPosition=${opened.body.position}`),
    );
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: opened.body.id,
        slug: 'el-paso',
        timeZone: 'America/Denver',
        rooms: opened.body.rooms,
      }),
    ]);
    expect(listed.body[0]).not.toHaveProperty('notes');
    const office = await json<Record<string, unknown>[]>(await adminCall(t.app, 'GET', '/api/admin/locations'));
    expect(office.body[0]).toMatchObject({ notes: 'Landlord: call before 9 on weekdays.' });
  });

  it('given no time zone, when a location is opened, then it is on the school’s (America/Chicago)', async () => {
    t = await makeTestApp({ seed: false });
    const { timeZone: _tz, ...body } = EL_PASO;
    const opened = await json<Written>(await adminCall(t.app, 'POST', '/api/admin/locations', { body }));
    const listed = await json<{ timeZone: string }[]>(
      await t.app.request(`/api/locations?minPosition=${opened.body.position}`),
    );
    expect(listed.body[0]!.timeZone).toBe('America/Chicago');
  });

  it.each([
    ['name', { name: '' }, 'name'],
    ['a time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a slug', { slug: 'El Paso' }, 'slug'],
    ['a postal code', { address: { ...EL_PASO.address, postalCode: '' } }, 'address.postalCode'],
    ['a weekday', { hours: [{ weekday: 8, opens: '09:00', closes: '17:00' }] }, 'hours.0.weekday'],
    ['an hour', { hours: [{ weekday: 1, opens: '9am', closes: '17:00' }] }, 'hours.0.opens'],
    ['closing before opening', { hours: [{ weekday: 1, opens: '17:00', closes: '09:00' }] }, 'hours.0.closes'],
    ['a room capacity', { rooms: [{ name: 'Salon', capacity: 0 }] }, 'rooms.0.capacity'],
    [
      'a room twice',
      {
        rooms: [
          { name: 'Salon', capacity: 3 },
          { name: 'salon', capacity: 4 },
        ],
      },
      'rooms.1.name',
    ],
    ['an e-mail', { email: 'not-an-address' }, 'email'],
    ['an opening date', { opensOn: 'February' }, 'opensOn'],
  ])(
    'given %s that is wrong, when the location is posted, then 400 names the field and nothing is written',
    async (_what, change, field) => {
      t = await makeTestApp({ seed: false });
      const before = await t.eventStore.headPosition();
      const refused = await json<{ error: string; issues: { path: string }[] }>(
        await adminCall(t.app, 'POST', '/api/admin/locations', { body: { ...EL_PASO, ...change } }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.startsWith(`${field}:`)).toBe(true);
      expect(refused.body.issues[0]!.path).toBe(field);
      expect(await t.eventStore.headPosition()).toBe(before);
    },
  );

  it('given a location, when another is opened with its slug, then 409 names the slug', async () => {
    t = await makeTestApp({ seed: false });
    const first = await json<Written>(await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO }));
    await t.app.request(`/api/locations?minPosition=${first.body.position}`);
    const second = await json<{ error: string; code: string; issues: { path: string }[] }>(
      await adminCall(t.app, 'POST', '/api/admin/locations', { body: { ...EL_PASO, name: 'El Paso East' } }),
    );
    expect(second.status).toBe(409);
    expect(second.body.issues[0]!.path).toBe('slug');
    expect(second.body.error).toMatch(/el-paso/);
  });

  it('given a location, when the office keeps one room, resizes it and adds another, then PUT answers the rooms as they now are', async () => {
    t = await makeTestApp({ seed: false });
    const opened = await json<Written>(await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO }));
    const [salon] = opened.body.rooms;
    const rooms = [
      { id: salon!.id, name: 'Salon', capacity: 14 },
      { name: 'Garden', capacity: 6 },
    ];

    const edited = await json<Written>(
      await adminCall(t.app, 'PUT', `/api/admin/locations/${opened.body.id}`, { body: { ...EL_PASO, rooms } }),
    );

    expect(edited.status).toBe(200);
    expect(edited.body.rooms).toEqual([
      { id: salon!.id, name: 'Salon', capacity: 14 },
      { id: expect.any(String), name: 'Garden', capacity: 6 },
    ]);
    const unknown = await adminCall(t.app, 'PUT', '/api/admin/locations/nowhere', {
      body: { ...EL_PASO, slug: 'nowhere' },
    });
    expect(unknown.status).toBe(404);
  });

  it('given the seeded catalogue, then the Plano location with its hours and rooms is listed and every seeded workshop points at it, its free text as before', async () => {
    t = await makeTestApp();
    await t.settle();
    const locations = await json<{ id: string; slug: string; hours: unknown[]; rooms: unknown[]; address: unknown }[]>(
      await t.app.request('/api/locations'),
    );
    expect(locations.body).toEqual([
      expect.objectContaining({
        id: 'plano',
        slug: 'plano',
        timeZone: 'America/Chicago',
        address: {
          line1: 'Legacy Commons Shopping Centre',
          line2: '5800 Legacy Drive, Suite 120',
          city: 'Plano',
          state: 'TX',
          postalCode: '75024',
        },
      }),
    ]);
    expect(locations.body[0]!.hours).toEqual([
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })),
      { weekday: 6, opens: '09:00', closes: '13:00' },
    ]);
    expect(locations.body[0]!.rooms.length).toBeGreaterThan(1);
    const workshops = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    expect(workshops.length).toBeGreaterThan(0);
    for (const w of workshops) {
      expect(w.locationId).toBe('plano');
      expect(w.location).toBe('Legacy Commons Shopping Centre, 5800 Legacy Drive, Suite 120, Plano, TX 75024');
    }
  });
});
