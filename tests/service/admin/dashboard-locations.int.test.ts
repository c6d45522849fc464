import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { EL_PASO } from '../locations/support.js';
import { adminCall } from './support.js';

// The dashboard's figures per location (issue 41): workshops ahead, seats held and capacity.

let t: TestApp;
afterEach(() => t?.close());

const dashboard = async (key?: string) => {
  const res = await adminCall(t.app, 'GET', '/api/admin/dashboard', { key });
  expect(res.status).toBe(200);
  return (await res.json()) as Dashboard;
};

describe('the dashboard by location', () => {
  it('given Plano’s seeded workshops and a tea for 8 at El Paso, then each location has its workshops ahead, seats and capacity, and they add up to the card; a manager limited to El Paso sees El Paso only', async () => {
    t = await makeTestApp({ clock: () => new Date('2025-07-01T12:00:00Z') });
    const opened = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
    const elPaso = ((await opened.json()) as { id: string }).id;
    const saved = await adminCall(t.app, 'POST', '/api/admin/workshops', {
      body: {
        title: 'Desert Tea',
        description: 'An afternoon tea.',
        category: 'adult',
        date: '2025-09-13T14:00',
        endTime: '15:30',
        price: 60,
        capacity: 8,
        locationId: elPaso,
      },
    });
    expect(saved.status).toBe(201);
    const added = await adminCall(t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'Rosa Diaz', email: 'rosa@example.com', locationIds: [elPaso] },
    });
    const limited = (await added.json()) as AddedAdministrator;
    await t.settle();

    const owner = await dashboard();
    const rosa = await dashboard(limited.key);

    expect(owner.locations).toEqual([
      { locationId: elPaso, name: 'El Paso', upcomingWorkshops: 1, seatsTaken: 0, capacity: 8 },
      expect.objectContaining({ name: 'Plano', upcomingWorkshops: 12 }),
    ]);
    expect(owner.locations!.reduce((n, l) => n + l.upcomingWorkshops, 0)).toBe(owner.upcomingWorkshops);
    expect(rosa.locations).toEqual([owner.locations![0]]);
  });
});
