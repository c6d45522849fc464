import { describe, expect, it } from 'vitest';
import { bookingActivityProjector } from '../../../projections/reports/booking-activity.js';
import { given, on } from '../../support/projection.js';
import { enrollmentStream } from '../../support/enrollment-events.js';
import { booked, confirmedAt, marked } from '../../support/activity-events.js';

describe('booking-activity projector', () => {
  it('given a family booking paid, marked present at session 1 and absent at session 2 then the absence taken back, when projected, then its document holds days, ids and the one mark, and no name', async () => {
    const s = enrollmentStream('b1');
    await given(bookingActivityProjector, [
      on(s, booked('b1', { household: 'h1', sessions: ['2025-06-10', '2025-06-17'] })),
      on(s, confirmedAt('b1', '2025-06-01T23:30:00-05:00')),
      on(s, marked('b1', { session: 1, present: true })),
      on(s, marked('b1', { session: 2, present: false, at: '2025-06-17T19:10:00-05:00' })),
      on(s, marked('b1', { session: 2, present: false, undone: true })),
    ]).then({
      'booking-b1': {
        kind: 'booking',
        workshopId: 'w1',
        programId: null,
        householdId: 'h1',
        split: false,
        startedDay: '2025-06-01',
        classDay: '2025-06-10',
        // 11:30 PM in Plano is already the next day in UTC: the school's day counts.
        paidDay: '2025-06-01',
        lapsedDay: null,
        cancelledDay: null,
        marks: { 'w1:1:0': { day: '2025-06-10', present: true, makeup: false, workshopId: 'w1' } },
      },
    });
  });

  it('given a hold that lapsed, a booking cancelled, one transferred to another class and a test-page order, when projected, then each has its day, the transfer its new class, and the test order no document', async () => {
    await given(bookingActivityProjector, [
      on(enrollmentStream('lapsed'), booked('lapsed')),
      on(enrollmentStream('lapsed'), {
        type: 'EnrollmentExpired',
        data: { enrollmentId: 'lapsed', holdExpiresAt: '2025-06-01T15:30:00Z', expiredAt: '2025-06-01T15:31:00Z' },
      }),
      on(enrollmentStream('gone'), booked('gone')),
      on(
        enrollmentStream('gone'),
        { type: 'EnrollmentCancelled', data: { enrollmentId: 'gone' } },
        'admin',
        '2025-06-05T16:00:00.000Z',
      ),
      on(enrollmentStream('moved'), booked('moved')),
      on(enrollmentStream('moved'), {
        type: 'EnrollmentTransferred',
        data: {
          enrollmentId: 'moved',
          fromWorkshopId: 'w1',
          toWorkshopId: 'w2',
          item: { ...(booked('moved', { sessions: ['2025-07-01'] }).data as { item: object }).item, id: 'w2' },
          transferredAt: '2025-06-03T15:00:00Z',
        },
      }),
      on(enrollmentStream('test'), booked('test', { test: true })),
      on(enrollmentStream('test'), confirmedAt('test', '2025-06-01T15:00:00Z')),
    ]).then({
      'booking-lapsed': expect.objectContaining({ lapsedDay: '2025-06-01', paidDay: null }),
      'booking-gone': expect.objectContaining({ cancelledDay: '2025-06-05' }),
      'booking-moved': expect.objectContaining({ workshopId: 'w2', classDay: '2025-07-01' }),
    });
  });
});

const funnelRow = (workshopId: string, figures: Partial<Record<string, number>>) => ({
  workshopId,
  programId: null,
  started: 0,
  paid: 0,
  attended: 0,
  lapsed: 0,
  cancelled: 0,
  ...figures,
});

describe('booking-activity start days (record 140)', () => {
  it('given holds started on June 1 (paid and attended, lapsed, paid then cancelled, transferred to another class) and one on June 2, when projected, then each start day counts what became of its bookings by the class each is in now', async () => {
    await given(bookingActivityProjector, [
      on(enrollmentStream('a'), booked('a')),
      on(enrollmentStream('a'), confirmedAt('a', '2025-06-01T15:05:00Z')),
      on(enrollmentStream('a'), marked('a', { present: true })),
      on(enrollmentStream('a'), marked('a', { session: 2, present: false })),
      on(enrollmentStream('b'), booked('b')),
      on(enrollmentStream('b'), {
        type: 'EnrollmentExpired',
        data: { enrollmentId: 'b', holdExpiresAt: '2025-06-01T15:30:00Z', expiredAt: '2025-06-01T15:31:00Z' },
      }),
      on(enrollmentStream('c'), booked('c')),
      on(enrollmentStream('c'), confirmedAt('c', '2025-06-01T15:05:00Z')),
      on(enrollmentStream('c'), { type: 'EnrollmentCancelled', data: { enrollmentId: 'c' } }),
      on(enrollmentStream('d'), booked('d')),
      on(enrollmentStream('d'), {
        type: 'EnrollmentTransferred',
        data: {
          enrollmentId: 'd',
          fromWorkshopId: 'w1',
          toWorkshopId: 'w2',
          item: { ...(booked('d', { sessions: ['2025-07-01'] }).data as { item: object }).item, id: 'w2' },
          transferredAt: '2025-06-03T15:00:00Z',
        },
      }),
      on(enrollmentStream('e'), booked('e', { at: '2025-06-02T15:00:00Z' })),
      on(enrollmentStream('test'), booked('test', { test: true })),
    ]).thenRollups({
      'day-2025-06-01': {
        kind: 'day',
        day: '2025-06-01',
        funnel: [
          funnelRow('w1', { started: 3, paid: 2, attended: 1, lapsed: 1, cancelled: 1 }),
          funnelRow('w2', { started: 1 }),
        ],
      },
      'day-2025-06-02': { kind: 'day', day: '2025-06-02', funnel: [funnelRow('w1', { started: 1 })] },
    });
  });
});
