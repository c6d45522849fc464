import { describe, expect, it } from 'vitest';
import { sessionIssues } from '../../../contracts/catalogue/sessions.js';
import { courseDatesInWords, sessionDayWords, sessionInWords } from '../../../contracts/catalogue/session-words.js';
import { WorkshopScheduledSchema, WorkshopUpdatedSchema } from '../../../contracts/catalogue/events.js';
import { enrollmentClosesAtOf } from '../../../contracts/catalogue/sales-window.js';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';

const s = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

describe('sessions', () => {
  it('given sessions in order, then there is nothing to say', () => {
    expect(
      sessionIssues([
        s('2025-08-02T10:00:00-05:00', '2025-08-02T11:30:00-05:00'),
        s('2025-08-09T10:00:00-05:00', '2025-08-09T11:30:00-05:00'),
      ]),
    ).toEqual([]);
  });

  it('given session 3 ending before it starts, then the problem names session 3', () => {
    const issues = sessionIssues([
      s('2025-08-02T10:00:00-05:00', '2025-08-02T11:30:00-05:00'),
      s('2025-08-09T10:00:00-05:00', '2025-08-09T11:30:00-05:00'),
      s('2025-08-16T10:00:00-05:00', '2025-08-16T09:30:00-05:00'),
    ]);
    expect(issues).toEqual([{ path: ['sessions', 2, 'endsAt'], message: 'Session 3 ends before it starts.' }]);
  });

  it('given overlapping or unordered sessions, then each is named', () => {
    expect(
      sessionIssues([
        s('2025-08-02T10:00:00-05:00', '2025-08-02T11:30:00-05:00'),
        s('2025-08-02T11:00:00-05:00', '2025-08-02T12:00:00-05:00'),
        s('2025-08-01T10:00:00-05:00', '2025-08-01T11:00:00-05:00'),
      ]).map((i) => i.message),
    ).toEqual([
      'Session 2 starts before session 1 ends.',
      'Session 3 starts before session 2: put the sessions in order.',
    ]);
  });

  it('given no session or 21, then the count is refused', () => {
    expect(sessionIssues([])[0]?.message).toBe('A workshop needs at least one session.');
    const many = Array.from({ length: 21 }, (_, i) =>
      s(
        `2025-08-${String(i + 1).padStart(2, '0')}T10:00:00-05:00`,
        `2025-08-${String(i + 1).padStart(2, '0')}T11:00:00-05:00`,
      ),
    );
    expect(sessionIssues(many)[0]?.message).toBe('A course has at most 20 sessions.');
  });

  it('given a WorkshopScheduled written before courses, when it is read, then it is a course of one session from its date and its time text', () => {
    const { sessions: _none, programId: _p, ...old } = SEED_WORKSHOPS.find((w) => w.id === '9')!;
    const read = WorkshopScheduledSchema.parse({ workshop: old });
    expect(read.workshop.sessions).toEqual([
      { startsAt: '2025-09-27T18:00:00-05:00', endsAt: '2025-09-27T20:00:00-05:00' },
    ]);
    expect(read.workshop.date).toBe(old.date);
    const noEnd = WorkshopUpdatedSchema.parse({ workshop: { ...old, time: 'Evening' } });
    expect(noEnd.workshop.sessions[0]).toEqual({ startsAt: old.date, endsAt: '2025-09-28T01:00:00.000Z' });
  });

  it('given a course, then its dates read in words on the school clock, with their year', () => {
    const course = SEED_WORKSHOPS.find((w) => w.id === '11')!;
    expect(courseDatesInWords(course.sessions)).toBe('4 Saturdays, August 2 – August 23, 2025, 10:00 – 11:30 AM');
    expect(sessionInWords(course.sessions, 2)).toBe('Session 2 of 4, Saturday, August 9, 2025');
    expect(sessionDayWords(course.sessions[0]!)).toBe('Saturday, August 2, 2025');
    const camp = SEED_WORKSHOPS.find((w) => w.id === '1')!;
    expect(courseDatesInWords(camp.sessions)).toBe('4 days, June 23 – June 26, 2025, 10:00 – 11:30 AM');
    expect(courseDatesInWords([camp.sessions[0]!])).toBe('Monday, June 23, 2025, 10:00 – 11:30 AM');
    // Across the new year, each end its own year.
    const winter = [
      s('2026-12-30T10:00:00-06:00', '2026-12-30T11:30:00-06:00'),
      s('2027-01-06T10:00:00-06:00', '2027-01-06T11:30:00-06:00'),
    ];
    expect(courseDatesInWords(winter)).toBe('2 Wednesdays, December 30, 2026 – January 6, 2027, 10:00 – 11:30 AM');
  });

  it('given a course, then enrollment closes at the first session; with late joining until session 2, at the second', () => {
    const course = SEED_WORKSHOPS.find((w) => w.id === '11')!;
    expect(enrollmentClosesAtOf({ ...course, lateJoinUntilSession: undefined }).toISOString()).toBe(
      '2025-08-02T15:00:00.000Z',
    );
    expect(enrollmentClosesAtOf(course).toISOString()).toBe('2025-08-09T15:00:00.000Z');
  });
});

describe('the one pricing rule, joined late', () => {
  it('given $225 for four sessions, when joined with 3 left, then 3/4 of the price; with a group price, 3/4 of it, to the cent', () => {
    expect(priceEnrollment(22_500, 1, [], { sessions: { left: 3, total: 4 } })).toMatchObject({
      amountCents: 16_875,
      proRata: { left: 3, total: 4 },
    });
    expect(priceEnrollment(10_000, 1, [], { sessions: { left: 1, total: 3 } }).amountCents).toBe(3_333);
    expect(
      priceEnrollment(15_000, 2, [{ participants: 2, totalCents: 25_000 }], { sessions: { left: 2, total: 3 } })
        .amountCents,
    ).toBe(16_667);
    expect(priceEnrollment(22_500, 1, [], { sessions: { left: 4, total: 4 } })).toMatchObject({
      amountCents: 22_500,
      proRata: null,
    });
  });
});
