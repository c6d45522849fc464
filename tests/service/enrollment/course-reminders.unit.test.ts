import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';
import { laterReminderSessions } from '../../../projections/enrollment/reminders.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { reminderMessageId } from '../../../service/enrollment/emails/reminder-email.js';

const given = deciderSpec(enrollmentDecider);
const course = SEED_WORKSHOPS.find((w) => w.id === '11')!;
const camp = SEED_WORKSHOPS.find((w) => w.id === '1')!;
const item = (w: typeof course, fromSession?: number) => ({
  date: w.date,
  time: w.time,
  sessions: w.sessions,
  ...(fromSession ? { fromSession } : {}),
});

describe('a course’s reminders', () => {
  it('given a weekly course, then each later session is reminded of; a daily camp, none beyond the first', () => {
    expect(laterReminderSessions(item(course)).map((s) => s.number)).toEqual([2, 3, 4]);
    expect(laterReminderSessions(item(camp))).toEqual([]);
  });

  it('given a family that joined at session 3, then only session 4 is a later reminder (3 is its first)', () => {
    expect(laterReminderSessions(item(course, 3)).map((s) => s.number)).toEqual([4]);
  });

  it('given a session-2 reminder recorded, when it is recorded again, then nothing; session 3 is still owed; each has its own Message-ID', () => {
    const booked = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];
    const record = (session: number): EnrollmentCommand => ({
      type: 'RecordReminder',
      orderId: 'ORD-e1',
      messageId: reminderMessageId('ORD-e1', session),
      transport: 'outbox',
      workshopStartsAt: course.sessions[session - 1]!.startsAt,
      session,
      at: '2025-08-07T12:00:00.000Z',
    });
    const sent = (session: number): EnrollmentEvent => ({
      type: 'ReminderSent',
      data: {
        enrollmentId: 'e1',
        orderId: 'ORD-e1',
        messageId: reminderMessageId('ORD-e1', session),
        transport: 'outbox',
        workshopStartsAt: course.sessions[session - 1]!.startsAt,
        sentAt: '2025-08-07T12:00:00.000Z',
        session,
      },
    });
    given(booked)
      .when(record(2))
      .then([sent(2)]);
    given([...booked, sent(2)])
      .when(record(2))
      .then([]);
    given([...booked, sent(1), sent(2)])
      .when(record(3))
      .then([sent(3)]);
    expect(reminderMessageId('ORD-e1', 2)).toMatch(/^<REMINDER-ORD-e1-s2@/);
    expect(reminderMessageId('ORD-e1')).toMatch(/^<REMINDER-ORD-e1@/);
  });
});
