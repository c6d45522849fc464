import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import type { AttendanceReport, FunnelReport, InstructorsReport } from '../../../contracts/reports/activity.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { readCsvRecords } from '../../support/csv.js';
import { record } from '../../support/enrollment-events.js';
import { booked, confirmedAt, marked } from '../../support/activity-events.js';
import { adminCall } from '../admin/support.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const get = (path: string, key?: string) => adminCall(t.app, 'GET', path, key ? { key } : {});

async function instructorKey(): Promise<string> {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', {
    body: { name: 'Pat Instructor', email: 'instructor@example.com', role: 'instructor' },
  });
  return ((await res.json()) as AddedAdministrator).key;
}

/** Two bookings in June: one paid and attended (present, then absent at session 2), one whose hold lapsed. */
async function june(): Promise<bigint> {
  await record(t.eventStore, 'j1', [
    { event: booked('j1', { sessions: ['2025-06-10', '2025-06-17'] }), actor: 'visitor' },
    { event: confirmedAt('j1', '2025-06-01T15:05:00Z'), actor: 'provider' },
    { event: marked('j1', { session: 1, present: true }), actor: 'admin' },
    { event: marked('j1', { session: 2, present: false, at: '2025-06-17T19:05:00-05:00' }), actor: 'admin' },
  ]);
  return record(t.eventStore, 'j2', [
    { event: booked('j2'), actor: 'visitor' },
    {
      event: {
        type: 'EnrollmentExpired',
        data: { enrollmentId: 'j2', holdExpiresAt: '2025-06-01T15:30:00Z', expiredAt: '2025-06-01T15:31:00Z' },
      },
      actor: 'system',
    },
  ]);
}

describe('GET /api/admin/reports/funnel and /attendance', () => {
  it('given bad input, when asked, then a 400 names the field; an instructor is refused each report and chart with 403', async () => {
    t = await makeTestApp();
    for (const [path, field] of [
      ['/api/admin/reports/funnel?to=2025-12-31', 'from'],
      ['/api/admin/reports/funnel?from=2025-06-01&to=2025-05-31', 'to'],
      ['/api/admin/reports/funnel?from=2025-01-01&to=2025-12-31&format=xml', 'format'],
      ['/api/admin/reports/attendance?from=2025-01-01&to=2025-02-30', 'to'],
      ['/api/admin/reports/attendance?from=2025-01-01&to=2025-12-31&table=rooms', 'table'],
      ['/api/admin/reports/attendance.svg?from=2025-01-01', 'to'],
      ['/api/admin/reports/revenue?from=2025-01-01&to=2025-12-31&format=pdf', 'format'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error, path).toMatch(new RegExp(`^${field}: `));
    }
    const key = await instructorKey();
    for (const path of [
      '/api/admin/reports/funnel?from=2025-01-01&to=2025-12-31',
      '/api/admin/reports/funnel.svg?from=2025-01-01&to=2025-12-31',
      '/api/admin/reports/attendance?from=2025-01-01&to=2025-12-31&format=csv',
      '/api/admin/reports/attendance.svg?from=2025-01-01&to=2025-12-31',
    ])
      expect((await get(path, key)).status, path).toBe(403);
  });

  it('given a paid booking marked present then absent and a lapsed hold in June, when the owner asks for June, then the funnel, the attendance, their charts and their CSVs say so', async () => {
    t = await makeTestApp();
    const at = await june();
    const q = `from=2025-06-01&to=2025-06-30&minPosition=${at}`;

    const funnel = await get(`/api/admin/reports/funnel?${q}`);
    expect(funnel.status).toBe(200);
    expect(((await funnel.json()) as FunnelReport).totals).toEqual({
      started: 2,
      paid: 1,
      attended: 1,
      lapsed: 1,
      cancelled: 0,
    });
    const funnelCsv = await get(`/api/admin/reports/funnel?${q}&format=csv`);
    expect(funnelCsv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(funnelCsv.headers.get('content-disposition')).toBe(
      'attachment; filename="funnel-2025-06-01-2025-06-30.csv"',
    );
    expect(readCsvRecords(await funnelCsv.text())).toEqual([
      {
        Program: 'Not part of a program',
        'Holds started': '2',
        Paid: '1',
        Attended: '1',
        'Holds lapsed': '1',
        Cancelled: '0',
      },
      { Program: 'Total', 'Holds started': '2', Paid: '1', Attended: '1', 'Holds lapsed': '1', Cancelled: '0' },
    ]);

    const attendance = (await (await get(`/api/admin/reports/attendance?${q}`)).json()) as AttendanceReport;
    expect(attendance.totals).toEqual({ present: 1, absent: 1, attendanceRate: 0.5, makeupsUsed: 0 });
    const courses = readCsvRecords(await (await get(`/api/admin/reports/attendance?${q}&format=csv`)).text());
    expect(courses).toEqual([
      {
        Program: 'Not part of a program',
        Course: 'w1',
        Present: '1',
        Absent: '1',
        'Attendance rate': '0.5000',
        'Make-ups used': '0',
      },
    ]);

    const chart = await get(`/api/admin/reports/attendance.svg?${q}`);
    expect(chart.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await chart.text();
    expect(svg).toContain('<title id="chart-title">Attendance by program, 2025-06-01 to 2025-06-30</title>');
    expect(svg).toContain('an attendance rate of 50%');
    expect(await (await get(`/api/admin/reports/funnel.svg?${q}`)).text()).toContain(
      '2 holds started, 1 paid, 1 attended',
    );
  });

  it('given the instructor of the seeded classes set up with $80 a session, when the owner asks for the season after it ended, then her sessions are counted and paid at the rate; a bad rate is a 400 naming the field, and an instructor is refused the report', async () => {
    t = await makeTestApp({ clock: () => new Date('2025-12-31T18:00:00Z') });
    const bad = await adminCall(t.app, 'POST', '/api/admin/instructors', {
      body: { name: 'Margaret Ellison', email: 'margaret@example.com', payRate: { per: 'week', cents: 8_000 } },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^payRate\.per: /);
    const added = await adminCall(t.app, 'POST', '/api/admin/instructors', {
      body: { name: 'Margaret Ellison', email: 'margaret@example.com', payRate: { per: 'session', cents: 8_000 } },
    });
    expect(added.status).toBe(201);
    const { position } = (await added.json()) as { position: string };
    const q = `from=2025-01-01&to=2025-12-31&minPosition=${position}`;

    const report = (await (await get(`/api/admin/reports/instructors?${q}`)).json()) as InstructorsReport;
    const margaret = report.rows.find((r) => r.label === 'Margaret Ellison')!;
    expect(margaret.sessions).toBeGreaterThan(0);
    expect(margaret.payRate).toEqual({ per: 'session', cents: 8_000 });
    expect(margaret.payCents).toBe(margaret.sessions * 8_000);
    const csv = readCsvRecords(await (await get(`/api/admin/reports/instructors?${q}&format=csv`)).text());
    expect(csv.find((r) => r.Instructor === 'Margaret Ellison')).toMatchObject({
      Sessions: String(margaret.sessions),
      Rate: '80.00',
      'Rate per': 'per session',
      Pay: (margaret.payCents! / 100).toFixed(2),
    });
    expect(await (await get(`/api/admin/reports/instructors.svg?${q}`)).text()).toContain(
      'Margaret Ellison taught the most',
    );
    expect((await get(`/api/admin/reports/instructors?${q}`, await instructorKey())).status).toBe(403);
  });
});
