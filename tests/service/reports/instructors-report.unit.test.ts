import { describe, expect, it } from 'vitest';
import { bookingActivityProjector } from '../../../projections/reports/booking-activity.js';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { projectBatch } from '../../../platform/processor/project-batch.js';
import { readActivity } from '../../../service/reports/activity.js';
import { instructorsReport } from '../../../service/reports/instructors-report.js';
import type { InstructorView } from '../../../contracts/instructors/instructor.js';
import { on, record } from '../../support/projection.js';
import { enrollmentStream } from '../../support/enrollment-events.js';
import { booked, marked, workshopScheduled } from '../../support/activity-events.js';

const instructor = (id: string, name: string, payRate?: InstructorView['payRate']): InstructorView => ({
  id,
  name,
  email: `${id}@example.com`,
  bio: '',
  photo: '',
  availability: { weekly: [], exceptions: [] },
  addedAt: '2025-01-01T00:00:00Z',
  ...(payRate ? { payRate } : {}),
});

describe('the instructors report', () => {
  it('given Margaret paid $80 a session teaching a four-week June course (one session after today) and Tom paid $60 an hour named on an older workshop, when June is asked on June 20, then each has the sessions held, their hours, attendance and pay', async () => {
    const store = new MemoryReadStore();
    const events = record([
      on(
        'workshop-w1',
        workshopScheduled('w1', {
          instructorId: 'margaret',
          sessions: ['2025-06-03', '2025-06-10', '2025-06-17', '2025-06-24'],
        }),
      ),
      on('workshop-w2', {
        type: 'WorkshopScheduled',
        data: {
          workshop: {
            ...workshopScheduled('w2', { sessions: ['2025-06-05', '2025-07-05'] }).data.workshop,
            instructor: ' tom  ',
            sessions: [
              { startsAt: '2025-06-05T10:00:00-05:00', endsAt: '2025-06-05T11:30:00-05:00' },
              { startsAt: '2025-07-05T10:00:00-05:00', endsAt: '2025-07-05T11:30:00-05:00' },
            ],
          },
        },
      }),
      on(enrollmentStream('a'), booked('a')),
      on(
        enrollmentStream('a'),
        marked('a', { workshopId: 'w1', session: 1, present: true, at: '2025-06-03T19:05:00-05:00' }),
      ),
      on(
        enrollmentStream('a'),
        marked('a', { workshopId: 'w1', session: 2, present: false, at: '2025-06-10T19:05:00-05:00' }),
      ),
    ]);
    await store.write(await projectBatch(bookingActivityProjector, events, store));

    const report = instructorsReport(
      await readActivity(store),
      [
        instructor('margaret', 'Margaret Ellison', { per: 'session', cents: 8_000 }),
        instructor('tom', 'Tom', { per: 'hour', cents: 6_000 }),
        instructor('ann', 'Ann'),
      ],
      { from: '2025-06-01', to: '2025-06-30' },
      '2025-06-20',
    );

    expect(report.rows).toEqual([
      {
        key: 'ann',
        label: 'Ann',
        sessions: 0,
        hours: 0,
        present: 0,
        absent: 0,
        attendanceRate: null,
        payRate: null,
        payCents: null,
      },
      {
        key: 'margaret',
        label: 'Margaret Ellison',
        sessions: 3,
        hours: 3,
        present: 1,
        absent: 1,
        attendanceRate: 0.5,
        payRate: { per: 'session', cents: 8_000 },
        payCents: 24_000,
      },
      {
        key: 'tom',
        label: 'Tom',
        sessions: 1,
        hours: 1.5,
        present: 0,
        absent: 0,
        attendanceRate: null,
        payRate: { per: 'hour', cents: 6_000 },
        payCents: 9_000,
      },
    ]);
    expect(report.totals).toEqual({ sessions: 4, hours: 4.5, payCents: 33_000 });
  });
});
