import { describe, expect, it } from 'vitest';
import { bookingActivityProjector } from '../../../projections/reports/booking-activity.js';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { projectBatch } from '../../../platform/processor/project-batch.js';
import { readActivity, type Activity } from '../../../service/reports/activity.js';
import { funnelReport } from '../../../service/reports/funnel-report.js';
import { attendanceReport } from '../../../service/reports/attendance-report.js';
import { on, record, type GivenEvent } from '../../support/projection.js';
import { enrollmentStream } from '../../support/enrollment-events.js';
import { booked, confirmedAt, marked, programPublished, workshopScheduled } from '../../support/activity-events.js';

async function activityAfter(events: GivenEvent[]): Promise<Activity> {
  const store = new MemoryReadStore();
  await store.write(await projectBatch(bookingActivityProjector, record(events), store));
  return readActivity(store);
}
const catalogue = [
  on('program-manners', programPublished('manners', 'Manners Matter')),
  on('program-dining', programPublished('dining', 'Dining Skills')),
  on('workshop-w1', workshopScheduled('w1', { programId: 'manners', sessions: ['2025-06-10', '2025-06-17'] })),
  on('workshop-w2', workshopScheduled('w2', { programId: 'dining', sessions: ['2025-07-01'] })),
  on(
    'workshop-w9',
    workshopScheduled('w9', { programId: 'manners', title: 'Make-up class', sessions: ['2025-06-24'] }),
  ),
];
const june = { from: '2025-06-01', to: '2025-06-30' };

describe('the funnel report', () => {
  it('given four holds started in June (one paid and attended, one lapsed, one paid then cancelled, one transferred from Manners to Dining and paid) and one in May, when asked for June, then each program counts its own and the totals add up', async () => {
    const activity = await activityAfter([
      ...catalogue,
      on(enrollmentStream('a'), booked('a')),
      on(enrollmentStream('a'), confirmedAt('a', '2025-06-01T15:05:00Z')),
      on(enrollmentStream('a'), marked('a', { present: true })),
      on(enrollmentStream('b'), booked('b')),
      on(enrollmentStream('b'), {
        type: 'EnrollmentExpired',
        data: { enrollmentId: 'b', holdExpiresAt: '2025-06-01T15:30:00Z', expiredAt: '2025-06-01T15:31:00Z' },
      }),
      on(enrollmentStream('c'), booked('c')),
      on(enrollmentStream('c'), confirmedAt('c', '2025-06-01T15:05:00Z')),
      on(enrollmentStream('c'), { type: 'EnrollmentCancelled', data: { enrollmentId: 'c' } }),
      on(enrollmentStream('d'), booked('d')),
      on(enrollmentStream('d'), confirmedAt('d', '2025-06-01T15:05:00Z')),
      on(enrollmentStream('d'), {
        type: 'EnrollmentTransferred',
        data: {
          enrollmentId: 'd',
          fromWorkshopId: 'w1',
          toWorkshopId: 'w2',
          item: (booked('d', { workshopId: 'w2', sessions: ['2025-07-01'] }).data as { item: object }).item,
          transferredAt: '2025-06-03T15:00:00Z',
        },
      }),
      on(enrollmentStream('may'), booked('may', { at: '2025-05-31T22:00:00-05:00' })),
    ]);

    const report = funnelReport(activity, june);

    expect(report.rows).toEqual([
      { key: 'dining', label: 'Dining Skills', started: 1, paid: 1, attended: 0, lapsed: 0, cancelled: 0 },
      { key: 'manners', label: 'Manners Matter', started: 3, paid: 2, attended: 1, lapsed: 1, cancelled: 1 },
    ]);
    expect(report.totals).toEqual({ started: 4, paid: 3, attended: 1, lapsed: 1, cancelled: 1 });
  });
});

describe('the attendance and retention report', () => {
  it('given marks in June at two sessions of a Manners course and a make-up at another Manners class, and one in July, when asked for June, then the course and the program have their rates and the make-up counts as used', async () => {
    const activity = await activityAfter([
      ...catalogue,
      on(enrollmentStream('a'), booked('a', { sessions: ['2025-06-10', '2025-06-17'] })),
      on(enrollmentStream('a'), marked('a', { session: 1, participant: 0, present: true })),
      on(enrollmentStream('a'), marked('a', { session: 1, participant: 1, present: true })),
      on(
        enrollmentStream('a'),
        marked('a', { session: 2, participant: 0, present: false, at: '2025-06-17T19:05:00-05:00' }),
      ),
      on(
        enrollmentStream('a'),
        marked('a', { session: 2, participant: 1, present: true, at: '2025-06-17T19:05:00-05:00' }),
      ),
      on(
        enrollmentStream('a'),
        marked('a', { workshopId: 'w9', participant: 0, makeup: true, at: '2025-06-24T19:05:00-05:00' }),
      ),
      on(enrollmentStream('b'), booked('b', { workshopId: 'w2', sessions: ['2025-07-01'] })),
      on(enrollmentStream('b'), marked('b', { workshopId: 'w2', at: '2025-07-01T19:05:00-05:00' })),
    ]);

    const report = attendanceReport(activity, june);

    expect(report.rows).toEqual([
      {
        key: 'w1',
        label: 'Class w1',
        programKey: 'manners',
        programLabel: 'Manners Matter',
        present: 3,
        absent: 1,
        attendanceRate: 0.75,
        makeupsUsed: 0,
      },
      {
        key: 'w9',
        label: 'Make-up class',
        programKey: 'manners',
        programLabel: 'Manners Matter',
        present: 1,
        absent: 0,
        attendanceRate: 1,
        makeupsUsed: 1,
      },
    ]);
    expect(report.programs).toEqual([
      { key: 'manners', label: 'Manners Matter', present: 4, absent: 1, attendanceRate: 0.8, makeupsUsed: 1 },
    ]);
    expect(report.totals).toEqual({ present: 4, absent: 1, attendanceRate: 0.8, makeupsUsed: 1 });
  });

  it('given three families in a summer Manners class, one who booked a fall class, one who booked again only in spring, one cancelled, and a booking without an account, when asked for the summer, then one of two families returned', async () => {
    const paidBooking = (id: string, household: string | undefined, workshopId: string, day: string) => [
      on(enrollmentStream(id), booked(id, { workshopId, sessions: [day], ...(household ? { household } : {}) })),
      on(enrollmentStream(id), confirmedAt(id, '2025-05-20T15:00:00Z')),
    ];
    const activity = await activityAfter([
      ...catalogue,
      on('workshop-fall', workshopScheduled('fall', { programId: 'dining', sessions: ['2025-09-15'] })),
      ...paidBooking('s1', 'h1', 'w1', '2025-06-10'),
      ...paidBooking('s2', 'h2', 'w1', '2025-06-10'),
      ...paidBooking('s3', 'h3', 'w1', '2025-06-10'),
      on(enrollmentStream('s3'), { type: 'EnrollmentCancelled', data: { enrollmentId: 's3' } }),
      ...paidBooking('s4', undefined, 'w1', '2025-06-10'),
      ...paidBooking('f1', 'h1', 'fall', '2025-09-15'),
      ...paidBooking('sp2', 'h2', 'fall', '2026-02-15'),
    ]);

    const report = attendanceReport(activity, { from: '2025-06-01', to: '2025-08-31' });

    expect(report.retention).toEqual([
      {
        term: '2025-summer',
        termLabel: 'Summer 2025',
        key: 'manners',
        label: 'Manners Matter',
        families: 2,
        returned: 1,
        retentionRate: 0.5,
      },
    ]);
  });
});
