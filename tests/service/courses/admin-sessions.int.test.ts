import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { ADMIN_KEY } from '../admin/support.js';

let t: TestApp;
afterEach(async () => t?.close());

const write = (method: 'POST' | 'PUT', path: string, body: unknown, key: string | null = ADMIN_KEY) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'Admin-Key': key } : {}) },
    body: JSON.stringify(body),
  });
const form = {
  title: 'Manners & Me (Thursdays)',
  description: 'Four Thursdays.',
  category: 'children',
  location: 'Plano',
  price: 225,
  capacity: 12,
  programId: '1',
  lateJoinUntilSession: 2,
  sessions: [4, 11, 18, 25].map((d) => ({
    startsAt: `2025-09-${String(d).padStart(2, '0')}T16:30`,
    endsAt: `2025-09-${String(d).padStart(2, '0')}T18:00`,
  })),
};
const workshopOf = async (id: string) => (await (await t.app.request(`/api/workshops/${id}`)).json()) as Workshop;

describe('the admin API writes courses', () => {
  it('given a course of four sessions with its program, then GET /api/workshops answers them, its date the first start and its time text the first session', async () => {
    t = await makeTestApp();
    const created = await write('POST', '/api/admin/workshops', form);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await workshopOf(id)).toMatchObject({
      date: '2025-09-04T16:30:00-05:00',
      time: '4:30 PM - 6:00 PM',
      programId: '1',
      lateJoinUntilSession: 2,
      sessions: [
        { startsAt: '2025-09-04T16:30:00-05:00', endsAt: '2025-09-04T18:00:00-05:00' },
        { startsAt: '2025-09-11T16:30:00-05:00', endsAt: '2025-09-11T18:00:00-05:00' },
        { startsAt: '2025-09-18T16:30:00-05:00', endsAt: '2025-09-18T18:00:00-05:00' },
        { startsAt: '2025-09-25T16:30:00-05:00', endsAt: '2025-09-25T18:00:00-05:00' },
      ],
    });
  });

  it('given session 3 ending before it starts, overlapping sessions, 21 sessions or late joining past the last, then 400 naming the field, nothing written', async () => {
    t = await makeTestApp();
    const bad = (sessions: unknown, extra: Record<string, unknown> = {}) =>
      write('POST', '/api/admin/workshops', { ...form, sessions, ...extra });
    const issues = async (r: Response) => {
      expect(r.status).toBe(400);
      return ((await r.json()) as { issues: { path: string; message: string }[] }).issues;
    };
    const broken = form.sessions.map((s, i) => (i === 2 ? { ...s, endsAt: '2025-09-18T15:00' } : s));
    expect(await issues(await bad(broken))).toContainEqual({
      path: 'sessions.2.endsAt',
      message: 'Session 3 ends before it starts.',
    });
    const overlapping = form.sessions.map((s, i) =>
      i === 1 ? { startsAt: '2025-09-04T17:00', endsAt: '2025-09-04T19:00' } : s,
    );
    expect(await issues(await bad(overlapping))).toContainEqual({
      path: 'sessions.1.startsAt',
      message: 'Session 2 starts before session 1 ends.',
    });
    const many = Array.from({ length: 21 }, (_, k) => ({
      startsAt: `2025-10-${String(k + 1).padStart(2, '0')}T10:00`,
      endsAt: `2025-10-${String(k + 1).padStart(2, '0')}T11:00`,
    }));
    expect((await issues(await bad(many)))[0]!.path).toBe('sessions');
    expect((await issues(await bad(form.sessions.slice(0, 1), { lateJoinUntilSession: 2 })))[0]!.path).toBe(
      'lateJoinUntilSession',
    );
    expect(await issues(await bad('soon'))).toContainEqual(expect.objectContaining({ path: 'sessions' }));
    expect((await write('POST', '/api/admin/workshops', form, null)).status).toBe(401);
    const listed = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    expect(listed.some((w) => w.title === form.title)).toBe(false);
  });

  it('given a course, when the specification’s client moves its date a week later without sessions, then every session moves with it', async () => {
    t = await makeTestApp();
    const { id } = (await (await write('POST', '/api/admin/workshops', form)).json()) as { id: string };
    const { sessions: _s, programId: _p, lateJoinUntilSession: _l, ...spec } = form;
    const moved = await write('PUT', `/api/admin/workshops/${id}`, {
      ...spec,
      date: '2025-09-11T16:30',
      time: '4:30 PM - 6:00 PM',
    });
    expect(moved.status).toBe(200);
    const w = await workshopOf(id);
    expect(w.sessions.map((s) => s.startsAt.slice(0, 10))).toEqual([
      '2025-09-11',
      '2025-09-18',
      '2025-09-25',
      '2025-10-02',
    ]);
    // What the client did not send is kept.
    expect(w).toMatchObject({ programId: '1', lateJoinUntilSession: 2 });
  });
});
