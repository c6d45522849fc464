import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator, AdministratorSummary } from '../../../contracts/admin/administrators.js';
import type { DashboardDay } from '../../../contracts/admin/dashboard.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { EL_PASO } from '../locations/support.js';
import { adminCall } from './support.js';

/**
 * Staff limited to their location (issue 41 item 5): an administrator with `locationIds` sees and
 * changes only the workshops held there (one without a location is at Plano), their rosters and
 * their bookings; the owner and an administrator with no locations named see everything.
 */

let t: TestApp;
afterEach(() => t?.close());

const EL_PASO_TEA = {
  title: 'Spring Tea',
  description: 'An afternoon tea.',
  category: 'adult',
  date: '2030-03-16T14:00',
  endTime: '15:30',
  price: 60,
  capacity: 8,
};
/** A seeded workshop at Plano. */
const PLANO_WORKSHOP = '9';
const FORBIDDEN = { error: expect.stringMatching(/location/), code: 'forbidden' };

async function add(body: Record<string, unknown>): Promise<AddedAdministrator> {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AddedAdministrator;
}

async function enroll(workshopId: string, totalPrice: number): Promise<string> {
  const res = await t.app.request(`/api/enroll/workshop/${workshopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...baseForm(), totalPrice }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as EnrollmentResponse).enrollmentId;
}

/** El Paso opened with a tea; a family booked it and a Plano workshop; a manager for El Paso and one for everywhere. */
async function twoLocations() {
  const opened = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
  expect(opened.status, await opened.clone().text()).toBe(201);
  const elPaso = ((await opened.json()) as { id: string }).id;
  const saved = await adminCall(t.app, 'POST', '/api/admin/workshops', {
    body: { ...EL_PASO_TEA, locationId: elPaso },
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
  const tea = ((await saved.json()) as { id: string }).id;
  const inTea = await enroll(tea, 60);
  const inPlano = await enroll(PLANO_WORKSHOP, 130);
  await t.settle();
  const limited = await add({ name: 'Rosa Diaz', email: 'rosa@example.com', locationIds: [elPaso] });
  const everywhere = await add({ name: 'June Park', email: 'june@example.com' });
  await t.settle();
  return { elPaso, tea, inTea, inPlano, limited, everywhere };
}

const dayIds = async (key?: string) => {
  const res = await adminCall(t.app, 'GET', '/api/admin/dashboard/day', { key });
  expect(res.status).toBe(200);
  return ((await res.json()) as DashboardDay).workshops.map((w) => w.id);
};

const trackerIds = async (key?: string) => {
  const res = await adminCall(t.app, 'GET', '/api/admin/enrollments', { key });
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminEnrollmentRecord[]).map((r) => r.id);
};

describe('administrators limited to locations', () => {
  it('given a second location, when the owner adds a manager limited to it, then the list shows her locations and not the unlimited one’s; an unknown location is 400 naming locationIds, on add and on change', async () => {
    t = await makeTestApp();
    const { elPaso, limited, everywhere } = await twoLocations();

    const rows = (await (await adminCall(t.app, 'GET', '/api/admin/administrators')).json()) as AdministratorSummary[];
    expect(rows.find((r) => r.id === limited.id)).toMatchObject({ role: 'manager', locationIds: [elPaso] });
    expect(rows.find((r) => r.id === everywhere.id)).not.toHaveProperty('locationIds');

    const head = await t.eventStore.headPosition();
    const unknownOnAdd = await adminCall(t.app, 'POST', '/api/admin/administrators', {
      body: { name: 'Amy Lee', email: 'amy@example.com', locationIds: ['atlantis'] },
    });
    const unknownOnChange = await adminCall(t.app, 'PATCH', `/api/admin/administrators/${everywhere.id}`, {
      body: { locationIds: ['atlantis'] },
    });
    for (const res of [unknownOnAdd, unknownOnChange]) {
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; issues: { path: string }[] };
      expect(body.code).toBe('validation');
      expect(body.issues.map((i) => i.path)).toEqual(['locationIds']);
    }
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given a manager limited to El Paso, when she opens or changes a Plano workshop, its roster or a Plano booking, then each is 403 with words and nothing is appended; the tracker, its CSV and the day’s dashboard hold only El Paso’s', async () => {
    t = await makeTestApp();
    const { tea, inTea, inPlano, limited } = await twoLocations();
    const key = limited.key;
    const head = await t.eventStore.headPosition();

    const refused: [string, string, unknown?][] = [
      ['GET', `/api/admin/workshops/${PLANO_WORKSHOP}/roster`],
      ['GET', `/api/admin/workshops/${PLANO_WORKSHOP}/roster.csv`],
      ['PUT', `/api/admin/workshops/${PLANO_WORKSHOP}`, EL_PASO_TEA],
      ['DELETE', `/api/admin/workshops/${PLANO_WORKSHOP}`],
      ['GET', `/api/admin/enrollments/${inPlano}`],
      ['GET', `/api/admin/enrollments/${inPlano}/history`],
      // Scheduling at Plano (no location is Plano), or moving her own tea there.
      ['POST', '/api/admin/workshops', { ...EL_PASO_TEA, location: 'Plano' }],
      ['PUT', `/api/admin/workshops/${tea}`, { ...EL_PASO_TEA, locationId: 'plano' }],
    ];
    for (const [method, path, body] of refused) {
      const res = await adminCall(t.app, method, path, { key, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect(await t.eventStore.headPosition()).toBe(head);

    expect((await adminCall(t.app, 'GET', `/api/admin/workshops/${tea}/roster`, { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', `/api/admin/enrollments/${inTea}`, { key })).status).toBe(200);
    expect(await trackerIds(key)).toEqual([inTea]);
    const filtered = await adminCall(t.app, 'GET', `/api/admin/enrollments?workshopId=${PLANO_WORKSHOP}`, { key });
    expect(await filtered.json()).toEqual([]);
    const csv = await (await adminCall(t.app, 'GET', '/api/admin/enrollments/export.csv', { key })).text();
    expect(csv.trim().split('\n')).toHaveLength(2);
    expect(await dayIds(key)).toEqual([tea]);
  });

  it('given the owner and a manager with no locations named, when they read the tracker, the day’s dashboard and the Plano roster, then they see both locations’', async () => {
    t = await makeTestApp();
    const { inTea, inPlano, everywhere } = await twoLocations();

    for (const key of [undefined, everywhere.key]) {
      expect((await trackerIds(key)).sort()).toEqual([inTea, inPlano].sort());
      // The next seeded workshops, all at Plano.
      expect(await dayIds(key)).toContain('1');
      expect((await adminCall(t.app, 'GET', `/api/admin/workshops/${PLANO_WORKSHOP}/roster`, { key })).status).toBe(
        200,
      );
    }
  });

  it('given a manager limited to El Paso, when the owner lifts the limit (an empty list), then she opens the Plano roster and the answer names no locations', async () => {
    t = await makeTestApp();
    const { limited } = await twoLocations();

    const lifted = await adminCall(t.app, 'PATCH', `/api/admin/administrators/${limited.id}`, {
      body: { locationIds: [] },
    });

    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toEqual({ id: limited.id, role: 'manager', position: expect.any(String) });
    const roster = await adminCall(t.app, 'GET', `/api/admin/workshops/${PLANO_WORKSHOP}/roster`, { key: limited.key });
    expect(roster.status).toBe(200);
  });
});
