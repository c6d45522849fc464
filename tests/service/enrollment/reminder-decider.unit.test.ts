import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

const given = deciderSpec(enrollmentDecider);
const STARTS = '2025-07-20T00:00:00.000Z';
const recordReminder: EnrollmentCommand = {
  type: 'RecordReminder',
  orderId: 'ORD-e1',
  messageId: '<REMINDER-ORD-e1@greatlakesetiquette.com>',
  transport: 'outbox',
  workshopStartsAt: STARTS,
  at: '2025-07-18T12:00:00.000Z',
};
const reminderSent: EnrollmentEvent = {
  type: 'ReminderSent',
  data: {
    enrollmentId: 'e1',
    orderId: 'ORD-e1',
    messageId: '<REMINDER-ORD-e1@greatlakesetiquette.com>',
    transport: 'outbox',
    workshopStartsAt: STARTS,
    sentAt: '2025-07-18T12:00:00.000Z',
    session: 1,
  },
};
const booked = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];
const cancelled: EnrollmentEvent = {
  type: 'EnrollmentCancelled',
  data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: '2025-07-10T12:00:00.000Z' },
};

describe('enrollment decider: the reminder', () => {
  it('given a confirmed enrollment, when its reminder is recorded, then ReminderSent', () => {
    given(booked).when(recordReminder).then([reminderSent]);
  });

  it('given its reminder already recorded, when recorded again (a re-send, a second process), then nothing: one ReminderSent per enrollment', () => {
    given([...booked, reminderSent])
      .when(recordReminder)
      .then([]);
  });

  it('given a confirmed enrollment cancelled since, when its reminder is recorded, then it is refused', () => {
    given([...booked, cancelled])
      .when(recordReminder)
      .thenThrows({ code: 'conflict' });
  });

  it('given an enrollment not yet paid, when its reminder is recorded, then it is refused', () => {
    given([submitted('e1')])
      .when(recordReminder)
      .thenThrows(/pending: it gets no reminder/);
  });
});
