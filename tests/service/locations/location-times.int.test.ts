import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { EL_PASO } from './support.js';

let t: TestApp;
afterEach(() => t?.close());

type Written = { id: string; position: string };

// In 2030 the US clocks go forward on Sunday March 10.
const tea = (change: Record<string, unknown>) => ({
  title: 'Spring Tea',
  description: 'An afternoon tea.',
  category: 'tea-party',
  date: '2030-03-10T10:00',
  endTime: '11:30',
  price: 60,
  capacity: 8,
  ...change,
});

async function givenElPaso(): Promise<string> {
  const res = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
  return ((await res.json()) as { id: string }).id;
}

async function saved(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Written> {
  const res = await adminCall(t.app, method, path, { body });
  expect(res.status).toBe(method === 'POST' ? 201 : 200);
  return (await res.json()) as Written;
}

const workshopAt = async ({ id, position }: Written) =>
  (await (await t.app.request(`/api/workshops/${id}?minPosition=${position}`)).json()) as Workshop;

describe('times on the location’s clock (issue 41 item 3)', () => {
  it('given El Paso on Mountain time, when classes are typed for 10:00 the day before and the day the clocks go forward, then the API answers each at 10:00 on El Paso’s clock, naming its zone', async () => {
    t = await makeTestApp({ seed: false });
    const locationId = await givenElPaso();

    const saturday = await workshopAt(
      await saved('POST', '/api/admin/workshops', tea({ locationId, date: '2030-03-09T10:00' })),
    );
    const sunday = await workshopAt(await saved('POST', '/api/admin/workshops', tea({ locationId })));

    expect(saturday).toMatchObject({
      date: '2030-03-09T10:00:00-07:00',
      time: '10:00 AM - 11:30 AM MT',
      timeZone: 'America/Denver',
      sessions: [{ startsAt: '2030-03-09T10:00:00-07:00', endsAt: '2030-03-09T11:30:00-07:00' }],
    });
    expect(sunday).toMatchObject({
      date: '2030-03-10T10:00:00-06:00',
      time: '10:00 AM - 11:30 AM MT',
      timeZone: 'America/Denver',
      sessions: [{ startsAt: '2030-03-10T10:00:00-06:00', endsAt: '2030-03-10T11:30:00-06:00' }],
    });
  });

  it('given a class at El Paso, when a client that knows no locations moves it to 14:00 (its place as text), then the new time is read on El Paso’s clock', async () => {
    t = await makeTestApp({ seed: false });
    const locationId = await givenElPaso();
    const { id } = await saved('POST', '/api/admin/workshops', tea({ locationId }));

    const moved = await workshopAt(
      await saved(
        'PUT',
        `/api/admin/workshops/${id}`,
        tea({ location: 'El Paso', date: '2030-03-10T14:00', endTime: '15:00' }),
      ),
    );

    expect(moved).toMatchObject({
      locationId,
      date: '2030-03-10T14:00:00-06:00',
      time: '2:00 PM - 3:00 PM MT',
      timeZone: 'America/Denver',
    });
  });

  it('given a class at El Paso, when it is moved to a place of free text (the school’s clock), then its time is read on the school’s clock and names no zone', async () => {
    t = await makeTestApp({ seed: false });
    const locationId = await givenElPaso();
    const { id } = await saved('POST', '/api/admin/workshops', tea({ locationId }));

    const moved = await workshopAt(
      await saved('PUT', `/api/admin/workshops/${id}`, tea({ locationId: '', location: 'The Plaza Hotel, Plano' })),
    );

    expect(moved).toMatchObject({ date: '2030-03-10T10:00:00-05:00', time: '10:00 AM - 11:30 AM' });
    expect(moved).not.toHaveProperty('timeZone');
    expect(moved).not.toHaveProperty('locationId');
  });
});
