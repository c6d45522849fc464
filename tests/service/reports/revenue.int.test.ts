import { afterEach, describe, expect, it } from 'vitest';
import type { AddedAdministrator } from '../../../contracts/admin/administrators.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import type { RevenueReport } from '../../../contracts/reports/revenue.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { record, submitted } from '../../support/enrollment-events.js';
import { adminCall } from '../admin/support.js';
import { recordSchoolYear } from './school-year.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const report = async (query: string, key?: string) => {
  const res = await adminCall(t.app, 'GET', `/api/admin/reports/revenue?${query}`, key ? { key } : {});
  return { status: res.status, body: (await res.json()) as RevenueReport & { error?: string; code?: string } };
};

async function staff(role: 'manager' | 'instructor'): Promise<string> {
  const res = await adminCall(t.app, 'POST', '/api/admin/administrators', {
    body: { name: `Pat ${role}`, email: `${role}@example.com`, role },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as AddedAdministrator).key;
}

describe('GET /api/admin/reports/revenue', () => {
  it('given bad input, when asked, then each is a 400 naming the field; an instructor is refused every report, the chart and the journal with 403; a manager and the owner are answered', async () => {
    t = await makeTestApp();
    for (const [query, field] of [
      ['to=2025-12-31', 'from'],
      ['from=2025-01-01', 'to'],
      ['from=2025-02-30&to=2025-12-31', 'from'],
      ['from=2025-06-01&to=2025-05-31', 'to'],
      ['from=2025-01-01&to=2025-12-31&by=week', 'by'],
    ] as const) {
      const { status, body } = await report(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatch(new RegExp(`^${field}: `));
    }
    const instructorKey = await staff('instructor');
    const instructor = await report('from=2025-01-01&to=2025-12-31', instructorKey);
    expect(instructor.status).toBe(403);
    expect(instructor.body.code).toBe('forbidden');
    for (const path of [
      '/api/admin/reports/revenue.svg?from=2025-01-01&to=2025-12-31',
      '/api/admin/reports/liabilities?on=2025-12-31',
      '/api/admin/exports/journal.csv?from=2025-01-01&to=2025-12-31&format=xero',
    ])
      expect((await adminCall(t.app, 'GET', path, { key: instructorKey })).status, path).toBe(403);
    const chart = await adminCall(
      t.app,
      'GET',
      '/api/admin/reports/revenue.svg?from=2025-01-01&to=2025-03-31&by=month',
    );
    expect(chart.status).toBe(200);
    expect(chart.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await chart.text()).toContain('<title id="chart-title">Revenue by month, 2025-01-01 to 2025-03-31</title>');
    expect((await report('from=2025-01-01&to=2025-12-31', await staff('manager'))).status).toBe(200);
  });

  it('given a course of four sessions from June 30 to July 21 paid in June and partly refunded in August, when asked by month, then June books it, June and July recognize it by session and August takes the refund back', async () => {
    t = await makeTestApp();
    const e = submitted('course-1');
    if (e.type !== 'EnrollmentSubmitted') throw new Error('submitted');
    const sessions = ['06-30', '07-07', '07-14', '07-21'].map((d) => ({
      startsAt: `2025-${d}T19:00:00-05:00`,
      endsAt: `2025-${d}T20:00:00-05:00`,
    }));
    await record(t.eventStore, 'course-1', [
      { event: { ...e, data: { ...e.data, item: { ...e.data.item, sessions } } }, actor: 'visitor' },
      {
        event: {
          type: 'PaymentSucceeded',
          data: {
            enrollmentId: 'course-1',
            paymentIntentId: 'pi_1',
            amountCents: 40_000,
            providerEventId: null,
            source: 'webhook',
            succeededAt: '2025-06-10T15:00:00-05:00',
          },
        },
        actor: 'provider',
      },
      {
        event: {
          type: 'RefundIssued',
          data: {
            enrollmentId: 'course-1',
            paymentIntentId: 'pi_1',
            refundId: 're_1',
            amountCents: 4_000,
            reason: 'cancelled',
            refundedAt: '2025-08-04T10:00:00-05:00',
          },
        },
        actor: 'admin',
      },
    ]);
    await t.settle();
    const { status, body } = await report('from=2025-06-01&to=2025-08-31&by=month');
    expect(status).toBe(200);
    expect(body).toEqual({
      rows: [
        {
          key: '2025-06',
          label: 'June 2025',
          bookedCents: 40_000,
          refundedCents: 0,
          netCents: 40_000,
          recognizedCents: 10_000,
        },
        { key: '2025-07', label: 'July 2025', bookedCents: 0, refundedCents: 0, netCents: 0, recognizedCents: 30_000 },
        {
          key: '2025-08',
          label: 'August 2025',
          bookedCents: 0,
          refundedCents: 4_000,
          netCents: -4_000,
          recognizedCents: -4_000,
        },
      ],
      totals: { bookedCents: 40_000, refundedCents: 4_000, netCents: 36_000, recognizedCents: 36_000 },
    });
  });

  it('given a year of mixed activity, when asked over it by month, program, location and source, then every grouping adds up to the same totals and the net is the dashboard revenue card to the cent', async () => {
    t = await makeTestApp();
    await recordSchoolYear(t.eventStore);
    await t.settle();
    const range = 'from=2024-01-01&to=2026-12-31';
    const byMonth = await report(`${range}&by=month`);
    expect(byMonth.status).toBe(200);
    expect(byMonth.body.rows).toHaveLength(36);
    const { totals } = byMonth.body;
    expect(totals.bookedCents).toBeGreaterThan(1_000_000);
    expect(totals.refundedCents).toBeGreaterThan(100_000);
    // Every session of the year is held within the range: all of the net is recognized.
    expect(totals.recognizedCents).toBe(totals.netCents);
    for (const by of ['program', 'location', 'source']) {
      const { body } = await report(`${range}&by=${by}`);
      expect(body.totals, by).toEqual(totals);
      const summed = body.rows.reduce((s, r) => s + r.netCents, 0);
      expect(summed, by).toBe(totals.netCents);
    }
    const bySource = (await report(`${range}&by=source`)).body.rows.map((r) => r.key);
    expect(bySource).toEqual(['card', 'gift-card', 'credit', 'free']);
    const dashboard = (await (await adminCall(t.app, 'GET', '/api/admin/dashboard')).json()) as Dashboard;
    expect(Math.round(dashboard.revenue * 100)).toBe(totals.netCents);
  });
});
