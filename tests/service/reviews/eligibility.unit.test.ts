import { describe, expect, it } from 'vitest';
import { enrollmentDecider } from '../../../service/enrollment/decider/enrollment-decider.js';
import { reviewRequestOf } from '../../../service/reviews/eligibility.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

/** The dinner (workshop 6) of 19 July 2025, 7 to 9 PM in Plano: it ends at 02:00 UTC on the 20th. */
const ENDED = new Date('2025-07-20T02:00:00.000Z');
const sold: EnrollmentEvent[] = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];
const marked = (participant: number, present: boolean, workshopId = '6', makeup?: boolean): EnrollmentEvent => ({
  type: 'AttendanceMarked',
  data: {
    enrollmentId: 'e1',
    workshopId,
    participant,
    name: `Participant ${participant + 1}`,
    present,
    markedAt: '2025-07-19T19:05:00.000Z',
    session: 1,
    ...(makeup ? { makeup } : {}),
  },
});

const ask = (events: EnrollmentEvent[], now = ENDED) =>
  reviewRequestOf(events.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState), {
    enrollmentId: 'e1',
    programId: '9',
    subjectId: 'household:h-1',
    now,
  });

describe('review eligibility', () => {
  it('given a child marked present, when the last session has ended, then the family is asked, with a link valid 60 days', () => {
    expect(ask([...sold, marked(0, false), marked(1, true)])).toEqual({
      request: expect.objectContaining({
        enrollmentId: 'e1',
        workshopId: '6',
        programId: '9',
        instructor: 'Margaret Ellison',
        lastSessionEndedAt: '2025-07-19T21:00:00-05:00',
        requestedAt: ENDED.toISOString(),
        validUntil: '2025-09-18T02:00:00.000Z',
      }),
    });
  });

  it('given only absences, or no marks at all, then nobody is asked', () => {
    expect(ask([...sold, marked(0, false), marked(1, false)])).toEqual({ notAsked: 'nobody-attended' });
    expect(ask(sold)).toEqual({ notAsked: 'nobody-attended' });
  });

  it('given a child present at a make-up in another workshop, then the family is asked: a make-up counts', () => {
    expect(ask([...sold, marked(0, false), marked(0, true, '11', true)])).toHaveProperty('request');
  });

  it('given attendance, when the last session has not ended yet, then not yet', () => {
    expect(ask([...sold, marked(0, true)], new Date('2025-07-19T23:59:00.000Z'))).toEqual({ notAsked: 'not-ended' });
  });

  it('given an unpaid hold, then nobody is asked', () => {
    expect(ask([submitted('e1'), marked(0, true)])).toEqual({ notAsked: 'not-sold' });
  });
});
