import { describe, expect, it } from 'vitest';
import { enrollmentHistoryProjector } from '../../../projections/admin/enrollment-history.js';
import { given, on } from '../../support/projection.js';
import { confirmed, enrollmentStream, paid, rescheduled, submitted } from '../../support/enrollment-events.js';

describe('enrollment-history projector', () => {
  it('given the events of a stream, then the trail lists each in order with time, actor and a sentence without names', async () => {
    const s = enrollmentStream('e1');
    await given(enrollmentHistoryProjector, [
      on(s, submitted('e1'), 'visitor', '2025-06-01T15:00:00.000Z'),
      on(s, paid('e1', 30_000), 'provider', '2025-06-01T15:05:00.000Z'),
      on(s, confirmed('e1', 30_000), 'system', '2025-06-01T15:05:01.000Z'),
    ]).then({
      e1: {
        id: 'e1',
        events: [
          expect.objectContaining({
            type: 'EnrollmentSubmitted',
            actor: 'visitor',
            at: '2025-06-01T15:00:00.000Z',
            summary:
              'Enrollment submitted for workshop "Etiquette After Dark - Dinner": 2 participants, $300.00 due; seats held until 2025-06-01T15:30:00.000Z.',
          }),
          expect.objectContaining({ type: 'PaymentSucceeded', actor: 'provider', at: '2025-06-01T15:05:00.000Z' }),
          expect.objectContaining({ type: 'EnrollmentConfirmed', actor: 'system', at: '2025-06-01T15:05:01.000Z' }),
        ],
      },
    });
  });

  it('given the trail, then no sentence names the person', async () => {
    const s = enrollmentStream('e1');
    await given(enrollmentHistoryProjector, [
      on(s, submitted('e1')),
      on(s, paid('e1', 30_000)),
      on(s, confirmed('e1', 30_000)),
    ]).then({
      e1: expect.objectContaining({
        events: expect.not.arrayContaining([
          expect.objectContaining({ summary: expect.stringMatching(/Ada|Lovelace|ada@example/) }),
        ]),
      }),
    });
  });

  it('given an event of a revision already listed (the same fact read again), then it is listed once', async () => {
    const s = enrollmentStream('e1');
    await given(enrollmentHistoryProjector, [on(s, submitted('e1')), { ...on(s, submitted('e1')), revision: 0n }]).then(
      {
        e1: { id: 'e1', events: [expect.objectContaining({ revision: 0, type: 'EnrollmentSubmitted' })] },
      },
    );
  });

  it('given an event of another stream, then it keys no enrollment', async () => {
    await given(enrollmentHistoryProjector, [on('workshop-6', { type: 'SeatsReserved', data: {} })]).then({});
  });

  it('given an admin action by a named administrator and an older admin action without a name, then the first says who, the second only "admin"', async () => {
    const s = enrollmentStream('e1');
    const cancelled = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: '2025-06-02T10:00:00.000Z' },
    };
    await given(enrollmentHistoryProjector, [
      on(s, submitted('e1')),
      { ...on(s, cancelled, 'admin'), administrator: { id: 'a1', name: 'Margaret Ellison' } },
      on(s, cancelled, 'admin'),
    ]).then({
      e1: {
        id: 'e1',
        events: [
          expect.not.objectContaining({ by: expect.anything() }),
          expect.objectContaining({ type: 'EnrollmentCancelled', actor: 'admin', by: 'Margaret Ellison' }),
          expect.not.objectContaining({ by: expect.anything() }),
        ],
      },
    });
  });
});

describe('enrollment-history projector: the school moves the workshop', () => {
  it('given a booking moved with its workshop and the parent told, then the trail says what moved from what to what, and that the parent was e-mailed', async () => {
    const s = enrollmentStream('e1');
    const told = {
      type: 'CustomerNotified',
      data: {
        enrollmentId: 'e1',
        kind: 'reschedule',
        ref: 'c1',
        messageId: '<moved-e1-c1@greatlakesetiquette.com>',
        transport: 'outbox',
        sentAt: '2025-06-05T15:00:01.000Z',
      },
    };
    await given(enrollmentHistoryProjector, [
      on(s, submitted('e1')),
      on(s, rescheduled('e1', 'c1', { date: '2025-08-09T19:00:00-05:00' }), 'system', '2025-06-05T15:00:00.000Z'),
      on(s, told, 'system', '2025-06-05T15:00:01.000Z'),
    ]).then({
      e1: {
        id: 'e1',
        events: [
          expect.objectContaining({ type: 'EnrollmentSubmitted' }),
          expect.objectContaining({
            type: 'BookingRescheduled',
            actor: 'system',
            summary:
              'Moved with its workshop by the school: date 2025-07-19T19:00:00-05:00 to 2025-08-09T19:00:00-05:00.',
          }),
          expect.objectContaining({
            type: 'CustomerNotified',
            summary: 'New date or place e-mail sent to the parent (outbox).',
          }),
        ],
      },
    });
  });
});
