import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';
import type { RevenueReport } from '../../../contracts/reports/revenue.js';
import { makeEnrollmentApp, type EnrollmentTestApp } from '../enrollment/support.js';
import { adminCall } from '../admin/support.js';
import { book, givenAnInstructorAndALesson, json, NOW } from './support.js';

const apps: EnrollmentTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A week ahead: far outside LESSON_FULL_REFUND_HOURS, so cancelling refunds all of it. */
const LATER = '2030-03-12T10:00:00-05:00';

async function givenAPaidLesson(t: EnrollmentTestApp) {
  const { typeId } = await givenAnInstructorAndALesson(t.app, { programId: 'private-lessons' });
  const { clientSecret } = (await json<{ clientSecret: string }>(await book(t.app, typeId, { startsAt: LATER }))).body;
  await t.post('/api/offline-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  await t.offline.idle();
  const paymentIntentId = clientSecret.split('_secret_')[0]!;
  const verified = await json<{ appointmentPath: string }>(
    await t.post('/api/payments/verify', { paymentIntentId, clientSecret }),
  );
  await t.settle();
  return verified.body.appointmentPath.replace('/appointment/', '');
}

const figures = async (t: EnrollmentTestApp) => {
  const report = await adminCall(t.app, 'GET', '/api/admin/reports/revenue?from=2030-03-01&to=2030-03-31&by=source');
  const dashboard = await adminCall(t.app, 'GET', '/api/admin/dashboard');
  expect(report.status).toBe(200);
  return {
    totals: ((await report.json()) as RevenueReport).totals,
    revenue: ((await dashboard.json()) as Dashboard).revenue,
  };
};

describe('an appointment’s money in the reports and on the dashboard (issue 38 item 8)', () => {
  it('given a lesson paid by card, when the office reads the revenue report and the dashboard, then its money is counted once in each, under its type’s program; when the parent cancels, then the refund takes it out of both', async () => {
    const t = await makeEnrollmentApp({ clock: () => new Date(NOW), seed: false, reactors: true });
    apps.push(t);
    const token = await givenAPaidLesson(t);

    expect(await figures(t)).toEqual({
      totals: { bookedCents: 25_000, refundedCents: 0, netCents: 25_000, recognizedCents: 25_000 },
      revenue: 250,
    });
    // Under its type's program (no program is published here: its id is the label).
    const byProgram = await adminCall(
      t.app,
      'GET',
      '/api/admin/reports/revenue?from=2030-03-01&to=2030-03-31&by=program',
    );
    expect(((await byProgram.json()) as RevenueReport).rows).toEqual([
      expect.objectContaining({ key: 'private-lessons', label: 'private-lessons', bookedCents: 25_000 }),
    ]);

    expect((await t.post(`/api/appointments/${token}/cancel`, {})).status).toBe(200);
    await t.settle();

    expect(await figures(t)).toEqual({
      totals: { bookedCents: 25_000, refundedCents: 25_000, netCents: 0, recognizedCents: 0 },
      revenue: 0,
    });
  });
});
