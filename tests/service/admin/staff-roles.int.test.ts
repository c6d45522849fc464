import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator, AdministratorSummary } from '../../../contracts/admin/administrators.js';
import type { DashboardDay } from '../../../contracts/admin/dashboard.js';
import type { Roster } from '../../../contracts/admin/roster.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { hashAdministratorKey, newAdministratorKey } from '../../../service/admin/administrator-keys.js';
import { BEFORE_SPEC_SEASON, makeTestApp, type TestApp } from '../../support/app.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { adminCall } from './support.js';

/**
 * Staff roles: the owner (ADMIN_KEY) may do everything; a manager everything but administrators;
 * an instructor only the rosters, attendance and the day's dashboard of the workshops they teach,
 * matched by the workshop's instructor name, and nothing about money.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const JUNES_WORKSHOP = {
  title: 'Table Manners for Teens',
  description: 'Napkins, cutlery and conversation.',
  category: 'adult',
  date: '2030-10-01T18:00',
  time: '6 PM',
  location: 'Plano',
  price: 45,
  capacity: 12,
  // Written differently from her name as an administrator: the match ignores case and extra spaces.
  instructor: '  june   PARK ',
};

async function add(body: Record<string, unknown>): Promise<AddedAdministrator> {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AddedAdministrator;
}

/** The owner schedules June's workshop; a parent enrolls in it and in one of Margaret Ellison's (workshop 9). */
async function school() {
  const created = await adminCall(t.app, 'POST', '/api/admin/workshops', { body: JUNES_WORKSHOP });
  expect(created.status).toBe(201);
  const junesWorkshop = ((await created.json()) as { id: string }).id;
  const enroll = async (workshopId: string, totalPrice: number) => {
    const res = await t.app.request(`/api/enroll/workshop/${workshopId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...baseForm(), totalPrice }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as EnrollmentResponse).enrollmentId;
  };
  const inJunes = await enroll(junesWorkshop, 45);
  const inOthers = await enroll('9', 130);
  await t.settle();
  const instructor = await add({ name: 'June Park', email: 'june@example.com', role: 'instructor' });
  const manager = await add({ name: 'Rosa Diaz', email: 'rosa@example.com', role: 'manager' });
  return { junesWorkshop, inJunes, inOthers, instructor, manager };
}

const FORBIDDEN = { error: expect.any(String), code: 'forbidden' };

describe('an instructor', () => {
  it('given an instructor key, when it asks for money, enrollments, catalogue writes, inquiries or administrators, then each is 403 forbidden, says what an instructor may do, and nothing is appended', async () => {
    t = await makeTestApp();
    const { inJunes, instructor } = await school();
    const key = instructor.key;
    const head = await t.eventStore.headPosition();
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/admin/enrollments'],
      ['GET', '/api/admin/enrollments?page=1&pageSize=10'],
      ['GET', '/api/admin/enrollments/export.csv'],
      ['GET', `/api/admin/enrollments/${inJunes}`],
      ['GET', `/api/admin/enrollments/${inJunes}/history`],
      ['POST', `/api/admin/enrollments/${inJunes}/cancel`, { refund: 'full' }],
      ['POST', `/api/admin/enrollments/${inJunes}/refund/retry`, {}],
      ['POST', `/api/admin/enrollments/${inJunes}/transfer`, { workshopId: '9' }],
      ['POST', `/api/admin/enrollments/${inJunes}/resend-confirmation`, {}],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/inquiries'],
      ['POST', '/api/admin/workshops', JUNES_WORKSHOP],
      ['PUT', '/api/admin/workshops/9', JUNES_WORKSHOP],
      ['DELETE', '/api/admin/workshops/9'],
      ['POST', '/api/admin/programs', { title: 'T', description: 'D', category: 'adult', price: 1 }],
      ['DELETE', '/api/admin/programs/1'],
      ['GET', '/api/admin/workshops/9/waitlist'],
      ['GET', '/api/admin/administrators'],
      ['POST', '/api/admin/administrators', { name: 'Eve', email: 'eve@example.com' }],
      ['PATCH', `/api/admin/administrators/${instructor.id}`, { role: 'manager' }],
      ['DELETE', `/api/admin/administrators/${instructor.id}`],
    ];
    for (const [method, path, body] of refused) {
      const res = await adminCall(t.app, method, path, { key, body });
      const text = await res.text();
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      const answer = JSON.parse(text) as { error: string; code: string };
      expect(answer).toEqual(FORBIDDEN);
      expect(answer.error).toMatch(/instructor/i);
      expect(answer.error).toMatch(/rosters/i);
      // Not a word of the family's details or amounts.
      expect(text).not.toMatch(/Whitfield|eleanor@example\.com|\$?45\b/);
    }
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given an instructor key, when she opens the roster of a workshop she teaches, marks attendance and reads the day, then it works; another instructor’s roster, its CSV and attendance are 403', async () => {
    let now = BEFORE_SPEC_SEASON;
    t = await makeTestApp({ clock: () => now });
    const { junesWorkshop, inJunes, inOthers, instructor } = await school();
    const key = instructor.key;
    // Her class's day: attendance is taken from then.
    const june = (await (await t.app.request(`/api/workshops/${junesWorkshop}`)).json()) as Workshop;
    now = new Date(Date.parse(june.sessions[0]!.startsAt) - 2 * 3_600_000);

    const own = await adminCall(t.app, 'GET', `/api/admin/workshops/${junesWorkshop}/roster`, { key });
    expect(own.status).toBe(200);
    const roster = (await own.json()) as Roster;
    expect(roster.rows.map((r) => r.enrollmentId)).toEqual([inJunes]);
    expect((await adminCall(t.app, 'GET', `/api/admin/workshops/${junesWorkshop}/roster.csv`, { key })).status).toBe(
      200,
    );
    const marked = await adminCall(t.app, 'POST', `/api/admin/workshops/${junesWorkshop}/attendance`, {
      key,
      body: { enrollmentId: inJunes, participant: 0, present: true },
    });
    expect(marked.status, await marked.clone().text()).toBe(200);
    const [attended] = (await t.eventStore.readStream(`enrollment-${inJunes}`)).filter(
      (e) => e.type === 'AttendanceMarked',
    );
    expect(attended!.metadata.administrator).toEqual({ id: instructor.id, name: 'June Park' });
    // Back before the season: the day's lists below count from then.
    now = BEFORE_SPEC_SEASON;

    // Workshop 9 is taught by Margaret Ellison.
    const head = await t.eventStore.headPosition();
    for (const [method, path, body] of [
      ['GET', '/api/admin/workshops/9/roster'],
      ['GET', '/api/admin/workshops/9/roster.csv'],
      ['POST', '/api/admin/workshops/9/attendance', { enrollmentId: inOthers, participant: 0, present: true }],
    ] as const) {
      const res = await adminCall(t.app, method, path, { key, body });
      const text = await res.text();
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(JSON.parse(text)).toEqual(FORBIDDEN);
      expect(text).not.toContain('Whitfield');
    }
    expect(await t.eventStore.headPosition()).toBe(head);

    // The day's dashboard lists her workshops only; the owner's lists the school's next five.
    const day = await adminCall(t.app, 'GET', '/api/admin/dashboard/day', { key });
    expect(day.status).toBe(200);
    expect(((await day.json()) as DashboardDay).workshops.map((w) => w.id)).toEqual([junesWorkshop]);
    const ownersDay = (await (await adminCall(t.app, 'GET', '/api/admin/dashboard/day')).json()) as DashboardDay;
    expect(ownersDay.workshops).toHaveLength(5);
    expect(ownersDay.workshops.map((w) => w.id)).not.toContain(junesWorkshop);
  });
});

describe('a manager', () => {
  it('given a manager key, when it uses the enrollments, the money and the catalogue, then it works; the administrators are 403 and nothing is appended', async () => {
    t = await makeTestApp();
    const { inJunes, instructor, manager } = await school();
    const key = manager.key;
    expect((await adminCall(t.app, 'GET', '/api/admin/enrollments', { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/enrollments/export.csv', { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', `/api/admin/enrollments/${inJunes}`, { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/dashboard', { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/inquiries', { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/workshops/9/roster', { key })).status).toBe(200);
    expect((await adminCall(t.app, 'POST', '/api/admin/workshops', { key, body: JUNES_WORKSHOP })).status).toBe(201);

    const head = await t.eventStore.headPosition();
    for (const [method, path, body] of [
      ['GET', '/api/admin/administrators'],
      ['POST', '/api/admin/administrators', { name: 'Eve Moneypenny', email: 'eve@example.com' }],
      ['PATCH', `/api/admin/administrators/${instructor.id}`, { role: 'manager' }],
      ['DELETE', `/api/admin/administrators/${instructor.id}`],
      ['DELETE', `/api/admin/administrators/${manager.id}`],
    ] as const) {
      const res = await adminCall(t.app, method, path, { key, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      const answer = (await res.json()) as { error: string };
      expect(answer).toEqual(FORBIDDEN);
      expect(answer.error).toMatch(/only the owner/i);
    }
    expect(await t.eventStore.headPosition()).toBe(head);
    // The instructor's key still works: the manager revoked nobody.
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { key: instructor.key })).status).toBe(200);
  });
});

describe('roles', () => {
  it('given administrators of each role, when each asks who they are, then the answer names them and their role', async () => {
    t = await makeTestApp();
    const instructor = await add({ name: 'June Park', email: 'june@example.com', role: 'instructor' });
    const manager = await add({ name: 'Rosa Diaz', email: 'rosa@example.com' });
    const me = async (key?: string) => {
      const res = await adminCall(t.app, 'GET', '/api/admin/me', { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      return res.json();
    };
    expect(await me()).toEqual({ id: 'owner', name: 'Owner', role: 'owner' });
    expect(await me(manager.key)).toEqual({ id: manager.id, name: 'Rosa Diaz', role: 'manager' });
    expect(await me(instructor.key)).toEqual({ id: instructor.id, name: 'June Park', role: 'instructor' });
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { key: 'wrong-key-123456' })).status).toBe(401);
  });

  it('given the owner changes a manager to an instructor, then the change is one event naming both roles, the list shows it, the key is refused the money at once; the same role again records nothing', async () => {
    t = await makeTestApp();
    const rosa = await add({ name: 'Rosa Diaz', email: 'rosa@example.com' });
    expect((await adminCall(t.app, 'GET', '/api/admin/enrollments', { key: rosa.key })).status).toBe(200);

    const changed = await adminCall(t.app, 'PATCH', `/api/admin/administrators/${rosa.id}`, {
      body: { role: 'instructor' },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: rosa.id, role: 'instructor', position: expect.any(String) });
    const events = await t.eventStore.readStream('administrators');
    expect(events.at(-1)).toMatchObject({
      type: 'AdministratorRoleChanged',
      data: { administratorId: rosa.id, role: 'instructor', previousRole: 'manager' },
      metadata: { administrator: { id: 'owner', name: 'Owner' } },
    });
    // No waiting for a projection: the gate reads the stream.
    expect((await adminCall(t.app, 'GET', '/api/admin/enrollments', { key: rosa.key })).status).toBe(403);

    await t.settle();
    const rows = (await (await adminCall(t.app, 'GET', '/api/admin/administrators')).json()) as AdministratorSummary[];
    expect(rows.map((r) => [r.name, r.role])).toEqual([
      ['Owner', 'owner'],
      ['Rosa Diaz', 'instructor'],
    ]);

    const head = await t.eventStore.headPosition();
    const same = await adminCall(t.app, 'PATCH', `/api/admin/administrators/${rosa.id}`, {
      body: { role: 'instructor' },
    });
    expect(same.status).toBe(200);
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given bad role input, then 400 names the field; the owner’s role and unknown administrators are refused; nothing is appended', async () => {
    t = await makeTestApp();
    const rosa = await add({ name: 'Rosa Diaz', email: 'rosa@example.com' });
    const head = await t.eventStore.headPosition();
    const cases: [string, string, unknown, number, string?][] = [
      ['POST', '/api/admin/administrators', { name: 'Eve', email: 'eve@example.com', role: 'owner' }, 400, 'role'],
      ['POST', '/api/admin/administrators', { name: 'Eve', email: 'eve@example.com', role: 'boss' }, 400, 'role'],
      ['PATCH', `/api/admin/administrators/${rosa.id}`, { role: 'owner' }, 400, 'role'],
      ['PATCH', `/api/admin/administrators/${rosa.id}`, {}, 400, 'role'],
      ['PATCH', '/api/admin/administrators/owner', { role: 'manager' }, 400, 'id'],
      ['PATCH', '/api/admin/administrators/no-such-one', { role: 'manager' }, 404],
    ];
    for (const [method, path, body, status, field] of cases) {
      const res = await adminCall(t.app, method, path, { body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status });
      if (field) expect(((await res.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe(field);
    }
    expect(await t.eventStore.headPosition()).toBe(head);
  });

  it('given an administrator added before roles existed (no role in the event), then she reads as a manager and nothing is rewritten', async () => {
    const raw = new MemoryEventStore();
    const eventStore = validatingEventStore(raw, eventSchemas);
    const key = newAdministratorKey();
    const before = {
      id: randomUUID(),
      type: 'AdministratorAdded',
      data: { administratorId: 'old-1', name: 'Ada Old', email: 'ada@example.com', keyHash: hashAdministratorKey(key) },
      metadata: { correlationId: 'c', causationId: 'c', actor: 'admin' as const, at: '2025-04-01T12:00:00.000Z' },
    };
    await eventStore.append('administrators', [before], 'no_stream');
    t = await makeTestApp({ eventStore });
    expect(await (await adminCall(t.app, 'GET', '/api/admin/me', { key })).json()).toEqual({
      id: 'old-1',
      name: 'Ada Old',
      role: 'manager',
    });
    expect((await adminCall(t.app, 'GET', '/api/admin/enrollments', { key })).status).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/administrators', { key })).status).toBe(403);
    const rows = (await (await adminCall(t.app, 'GET', '/api/admin/administrators')).json()) as AdministratorSummary[];
    expect(rows.find((r) => r.id === 'old-1')?.role).toBe('manager');
    // The stored event is as it was written: the role is read in, never written back.
    const stored = await raw.readStream('administrators');
    expect(stored.map((e) => [e.type, e.data])).toEqual([['AdministratorAdded', before.data]]);
  });
});
