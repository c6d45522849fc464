import { describe, expect, it } from 'vitest';
import { remindersProjector } from '../../../projections/enrollment/reminders.js';
import { given, on } from '../../support/projection.js';
import { confirmed, enrollmentStream, paid, rescheduled, submitted } from '../../support/enrollment-events.js';

const e1 = enrollmentStream('e1');
const booked = [on(e1, submitted('e1')), on(e1, paid('e1', 30_000)), on(e1, confirmed('e1', 30_000))];

describe('reminders projector', () => {
  it('given a workshop enrollment submitted, then it waits unconfirmed, by its start in UTC and the start’s UTC day', async () => {
    await given(remindersProjector, [on(e1, submitted('e1'))]).then({
      e1: {
        id: 'e1',
        enrollmentId: 'e1',
        workshopId: '6',
        startsAt: '2025-07-20T00:00:00.000Z',
        startsOn: '2025-07-20',
        confirmed: false,
        orderId: null,
        confirmedAt: null,
      },
    });
  });

  it('given it confirmed, then it is owed a reminder, with its order and when it was confirmed', async () => {
    await given(remindersProjector, booked).then({
      e1: expect.objectContaining({ confirmed: true, orderId: 'ORD-e1', confirmedAt: '2025-06-01T15:05:01.000Z' }),
    });
  });

  it('given its reminder recorded, or the enrollment cancelled, refunded or expired, then it leaves', async () => {
    const ends = [
      {
        type: 'ReminderSent',
        data: {
          enrollmentId: 'e1',
          orderId: 'ORD-e1',
          messageId: '<REMINDER-ORD-e1@greatlakesetiquette.com>',
          transport: 'outbox',
          workshopStartsAt: '2025-07-20T00:00:00.000Z',
          sentAt: '2025-07-18T00:00:00.000Z',
        },
      },
      {
        type: 'EnrollmentCancelled',
        data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: '2025-07-01T00:00:00.000Z' },
      },
      {
        type: 'RefundIssued',
        data: {
          enrollmentId: 'e1',
          paymentIntentId: 'pi_e1',
          refundId: 're_1',
          amountCents: 30_000,
          reason: 'cancelled',
          refundedAt: '2025-07-01T00:00:00.000Z',
        },
      },
    ];
    for (const end of ends) await given(remindersProjector, [...booked, on(e1, end)]).then({});
    await given(remindersProjector, [
      on(e1, submitted('e1')),
      on(e1, {
        type: 'EnrollmentExpired',
        data: { enrollmentId: 'e1', holdExpiresAt: '2025-06-01T15:30:00.000Z', expiredAt: '2025-06-01T15:31:00.000Z' },
      }),
    ]).then({});
  });

  it('given a program enrollment (no date), then it never appears', async () => {
    await given(remindersProjector, [on(e1, submitted('e1', { kind: 'program' }))]).then({});
  });
});

describe('reminders projector: the school moves the workshop', () => {
  it('given a confirmed booking whose workshop moved to Saturday August 9, then the reminder is due before the new start', async () => {
    await given(remindersProjector, [
      ...booked,
      on(e1, rescheduled('e1', 'c1', { date: '2025-08-09T19:00:00-05:00' }), 'system'),
    ]).then({
      e1: expect.objectContaining({
        startsAt: '2025-08-10T00:00:00.000Z',
        startsOn: '2025-08-10',
        confirmed: true,
        orderId: 'ORD-e1',
      }),
    });
  });

  it('given its reminder already sent, when the workshop moves, then no second reminder is owed (the new-date e-mail tells it)', async () => {
    const reminded = {
      type: 'ReminderSent',
      data: {
        enrollmentId: 'e1',
        orderId: 'ORD-e1',
        messageId: '<REMINDER-ORD-e1@greatlakesetiquette.com>',
        transport: 'outbox',
        workshopStartsAt: '2025-07-20T00:00:00.000Z',
        sentAt: '2025-07-18T00:00:00.000Z',
      },
    };
    await given(remindersProjector, [
      ...booked,
      on(e1, reminded, 'system'),
      on(e1, rescheduled('e1', 'c1', { date: '2025-08-09T19:00:00-05:00' }), 'system'),
    ]).then({});
  });
});
