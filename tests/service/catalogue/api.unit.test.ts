import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import type { Program } from '../../../contracts/catalogue/program.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';

let t: TestApp;
afterEach(() => t?.close());

describe('catalogue API', () => {
  it('given the seeded catalogue, then GET /api/workshops lists the ten workshops and five courses in date order with every spot left', async () => {
    t = await makeTestApp();
    const res = await t.app.request('/api/workshops');
    expect(res.status).toBe(200);
    const workshops = (await res.json()) as Workshop[];
    expect(workshops).toHaveLength(15);
    expect(workshops.map((w) => w.date)).toEqual([...workshops.map((w) => w.date)].sort());
    expect(workshops[0]).toMatchObject({
      id: '4',
      title: 'Princess Tea Party',
      date: '2025-06-07T12:30:00-05:00',
      spotsLeft: 15,
      price: 75,
    });
    expect(workshops.find((w) => w.id === '10')).toMatchObject({ price: 0, capacity: 50, category: 'business' });
  });

  it('given the seeded catalogue, then each workshop answers its program and sessions: the camps four days, Manners & Me four Saturdays, a tea party one session', async () => {
    t = await makeTestApp();
    const workshops = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    const byId = (id: string) => workshops.find((w) => w.id === id)!;
    expect(byId('1')).toMatchObject({ programId: '2', date: '2025-06-23T10:00:00-05:00' });
    expect(byId('1').sessions.map((s) => s.startsAt.slice(0, 10))).toEqual([
      '2025-06-23',
      '2025-06-24',
      '2025-06-25',
      '2025-06-26',
    ]);
    expect(byId('1').sessions[3]).toEqual({
      startsAt: '2025-06-26T10:00:00-05:00',
      endsAt: '2025-06-26T11:30:00-05:00',
    });
    expect(byId('4')).toMatchObject({
      programId: '5',
      sessions: [{ startsAt: '2025-06-07T12:30:00-05:00', endsAt: '2025-06-07T14:00:00-05:00' }],
    });
    expect(byId('11')).toMatchObject({ programId: '1', price: 225, capacity: 12, lateJoinUntilSession: 2 });
    expect(byId('11').sessions).toHaveLength(4);
    expect(byId('13')).toMatchObject({ programId: '7', price: 250, capacity: 20 });
    expect(byId('14').sessions).toHaveLength(5);
    expect(byId('15')).toMatchObject({ programId: '3', price: 495, capacity: 15 });
    expect(byId('15').sessions).toEqual([
      { startsAt: '2025-08-15T09:00:00-05:00', endsAt: '2025-08-15T13:00:00-05:00' },
    ]);
    expect(byId('8').programId).toBeUndefined();
  });

  it('given the seeded catalogue, then GET /api/programs lists 9 programs in the specification order', async () => {
    t = await makeTestApp();
    const programs = (await (await t.app.request('/api/programs')).json()) as Program[];
    expect(programs.map((p) => p.id)).toEqual(['1', '7', '3', '4', '5', '6', '9', '10', '2']);
    expect(programs[0]).not.toHaveProperty('listedAt');
  });

  it('given a program, then it is found by id and by slug', async () => {
    t = await makeTestApp();
    const byId = (await (await t.app.request('/api/programs/3')).json()) as Program;
    const bySlug = (await (await t.app.request('/api/programs/executive-edge')).json()) as Program;
    expect(byId).toEqual(bySlug);
    expect(byId).toMatchObject({ title: 'Executive Edge', price: 495, category: 'Professional' });
  });

  it('given an unknown slug, then 404 with the words the page shows', async () => {
    t = await makeTestApp();
    const res = await t.app.request('/api/programs/no-such-program');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: "The program you're looking for doesn't exist or has been removed.",
    });
  });

  it('given an unknown workshop, then 404; given a malformed id, then 400', async () => {
    t = await makeTestApp();
    expect((await t.app.request('/api/workshops/999')).status).toBe(404);
    expect((await t.app.request('/api/workshops/%3Cscript%3E')).status).toBe(400);
  });

  it('given a malformed minPosition, then 400', async () => {
    t = await makeTestApp();
    const res = await t.app.request('/api/workshops?minPosition=abc');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/minPosition/);
  });
});
