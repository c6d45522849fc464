import { describe, expect, it } from 'vitest';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(workshopDecider);

/** Manners & Me: four Saturdays from August 2, 2025, 10:00-11:30, here with 3 seats. */
const course: WorkshopData = { ...SEED_WORKSHOPS.find((w) => w.id === '11')!, capacity: 3 };
const W = course.id;
const scheduled: WorkshopEvent = { type: 'WorkshopScheduled', data: { workshop: course } };
const sold = (enrollmentId: string, seats: number): WorkshopEvent[] => [
  { type: 'SeatsReserved', data: { workshopId: W, enrollmentId, seats, expiresAt: '2025-07-01T00:30:00Z' } },
  { type: 'SeatsConfirmed', data: { workshopId: W, enrollmentId, seats } },
];
const BEFORE = '2025-07-01T12:00:00Z';
const absence = (enrollmentId: string, session: number, participant = 0, creditId = `c-${enrollmentId}-${session}`) =>
  ({
    type: 'AbsenceReported',
    data: {
      workshopId: W,
      enrollmentId,
      session,
      participant,
      creditId,
      validUntil: '2025-11-07T16:30:00.000Z',
      reportedAt: BEFORE,
    },
  }) as const satisfies WorkshopEvent;
const reportAbsence = (enrollmentId: string, session: number, participant = 0, at = BEFORE) =>
  ({
    type: 'ReportAbsence',
    workshopId: W,
    enrollmentId,
    session,
    participant,
    creditId: `c-${enrollmentId}-${session}`,
    validDays: 90,
    at,
  }) as const;
const makeupTaken = (creditId: string, session: number): WorkshopEvent => ({
  type: 'MakeupSeatTaken',
  data: { workshopId: W, creditId, session, enrollmentId: `other-${creditId}`, participant: 0 },
});
const takeMakeup = (creditId: string, session: number, at = BEFORE) =>
  ({
    type: 'TakeMakeupSeat',
    workshopId: W,
    creditId,
    session,
    enrollmentId: `other-${creditId}`,
    participant: 0,
    at,
  }) as const;
const reserve = (enrollmentId: string, seats: number) =>
  ({
    type: 'ReserveSeats',
    workshopId: W,
    enrollmentId,
    seats,
    expiresAt: '2025-07-01T12:30:00Z',
    at: BEFORE,
  }) as const;

describe('seats per session (workshop decider)', () => {
  it('given a confirmed booking, when a child will miss session 3, then the absence frees that seat with a credit valid 90 days after the session', () => {
    given([scheduled, ...sold('e1', 2)])
      .when(reportAbsence('e1', 3, 1))
      .then([
        {
          type: 'AbsenceReported',
          data: {
            workshopId: W,
            enrollmentId: 'e1',
            session: 3,
            participant: 1,
            creditId: 'c-e1-3',
            // Session 3 ends Saturday August 16, 2025 at 11:30 CDT (16:30 UTC); 90 days later.
            validUntil: '2025-11-14T16:30:00.000Z',
            reportedAt: BEFORE,
          },
        },
      ]);
  });

  it('given session 2 has begun, when an absence is reported for it at its start, then it is refused', () => {
    given([scheduled, ...sold('e1', 1)])
      .when(reportAbsence('e1', 2, 0, course.sessions[1]!.startsAt))
      .thenThrows({
        code: 'session_over',
        message: expect.stringMatching(/Session 2 of 4, Saturday, August 9, 2025 has already begun/),
      });
  });

  it('given an absence reported, when it is reported again, then nothing more is recorded', () => {
    given([scheduled, ...sold('e1', 1), absence('e1', 2)])
      .when(reportAbsence('e1', 2))
      .then([]);
  });

  it('given a booking of one child, when participant 1 is named, then it is refused naming the participant', () => {
    given([scheduled, ...sold('e1', 1)])
      .when(reportAbsence('e1', 2, 1))
      .thenThrows({ code: 'validation', details: { issues: [{ path: 'participant', message: expect.any(String) }] } });
  });

  it('given a four-session course, when session 5 is named, then it is refused naming the session', () => {
    given([scheduled, ...sold('e1', 1)])
      .when(reportAbsence('e1', 5))
      .thenThrows({
        code: 'validation',
        details: { issues: [{ path: 'session', message: expect.stringMatching(/4 sessions/) }] },
      });
  });

  it('given an unpaid hold, when an absence is reported, then only a confirmed booking may', () => {
    given([
      scheduled,
      { type: 'SeatsReserved', data: { workshopId: W, enrollmentId: 'e1', seats: 1, expiresAt: BEFORE } },
    ])
      .when(reportAbsence('e1', 2))
      .thenThrows({ code: 'conflict' });
  });

  it('given a full course with one child absent from session 2, when a make-up asks for session 2, then it takes the freed seat', () => {
    given([scheduled, ...sold('e1', 3), absence('e1', 2)])
      .when(takeMakeup('m1', 2))
      .then([makeupTaken('m1', 2)]);
  });

  it('given a full course with one child absent from session 2, when a make-up asks for session 3, then the session is full', () => {
    given([scheduled, ...sold('e1', 3), absence('e1', 2)])
      .when(takeMakeup('m1', 3))
      .thenThrows({ code: 'session_full', message: expect.stringMatching(/Session 3 of 4.*is full/) });
  });

  it('given the freed seat of session 2 used by a make-up, when another make-up asks for it, then the session is full', () => {
    given([scheduled, ...sold('e1', 3), absence('e1', 2), makeupTaken('m1', 2)])
      .when(takeMakeup('m2', 2))
      .thenThrows({ code: 'session_full' });
  });

  it('given two seats sold of three and one absent in session 2, when a new family asks for two seats, then the freed seat is not sold', () => {
    given([scheduled, ...sold('e1', 2), absence('e1', 2)])
      .when(reserve('e2', 2))
      .thenThrows(/only 1 spot is left/);
  });

  it('given a make-up in a session with a free seat, when a new family asks for the last seat, then it must fit every session and is refused', () => {
    given([scheduled, ...sold('e1', 2), makeupTaken('m1', 4)])
      .when(reserve('e2', 1))
      .thenThrows(/this workshop is full/);
  });

  it('given a session that has begun, when a make-up asks for it, then it is over', () => {
    given([scheduled, ...sold('e1', 1)])
      .when(takeMakeup('m1', 1, course.sessions[0]!.startsAt))
      .thenThrows({ code: 'session_over' });
  });

  it('given a make-up seat, when the same credit asks again, then nothing more is recorded; when released, the seat is free', () => {
    given([scheduled, ...sold('e1', 3), absence('e1', 2), makeupTaken('m1', 2)])
      .when(takeMakeup('m1', 2))
      .then([]);
    given([scheduled, ...sold('e1', 3), absence('e1', 2), makeupTaken('m1', 2)])
      .when({ type: 'ReleaseMakeupSeat', workshopId: W, creditId: 'm1' })
      .then([{ type: 'MakeupSeatReleased', data: { workshopId: W, creditId: 'm1', session: 2, reason: 'cancelled' } }]);
  });

  it('given an absent child whose booking is cancelled, when a make-up asks for that session, then the seat is not counted twice', () => {
    const cancelled: WorkshopEvent = {
      type: 'SeatsReleased',
      data: { workshopId: W, enrollmentId: 'e1', seats: 1, reason: 'cancelled' },
    };
    // 3 seats: e1 (1, absent in 2) and e2 (2). e1 cancels: session 2 holds e2's two, one seat is free.
    given([scheduled, ...sold('e1', 1), ...sold('e2', 2), absence('e1', 2), cancelled, makeupTaken('m1', 2)])
      .when(takeMakeup('m2', 2))
      .thenThrows({ code: 'session_full' });
  });

  it('given an absent child who then leaves a booking of two, when the freed seat is sold and a make-up asks for that session, then it is full', () => {
    const oneLeft: WorkshopEvent = {
      type: 'SeatsReleased',
      data: { workshopId: W, enrollmentId: 'e1', seats: 1, reason: 'cancelled', participants: [1] },
    };
    // 3 seats: e1 (2, its second child absent in 2) and e2 (1). The absent child leaves; e3 takes the seat.
    given([scheduled, ...sold('e1', 2), ...sold('e2', 1), absence('e1', 2, 1), oneLeft, ...sold('e3', 1)])
      .when(takeMakeup('m1', 2))
      .thenThrows({ code: 'session_full' });
  });

  it('given an absent child in a booking of two, when the other child leaves, then the absence still frees its seat for a make-up', () => {
    const otherLeft: WorkshopEvent = {
      type: 'SeatsReleased',
      data: { workshopId: W, enrollmentId: 'e1', seats: 1, reason: 'cancelled', participants: [0] },
    };
    given([scheduled, ...sold('e1', 2), ...sold('e2', 1), absence('e1', 2, 1), otherLeft, ...sold('e3', 1)])
      .when(takeMakeup('m1', 2))
      .then([makeupTaken('m1', 2)]);
  });

  it('given make-ups booked into session 4, when the course is cut to 3 sessions, then the edit is refused', () => {
    given([scheduled, ...sold('e1', 1), makeupTaken('m1', 4)])
      .when({ type: 'UpdateWorkshop', workshop: { ...course, sessions: course.sessions.slice(0, 3) } })
      .thenThrows(/Session 4 has absences or make-ups/);
  });
});

describe('the sales window of a course', () => {
  it('given a course, when a family enrolls one millisecond before the first session, then seats are held; at its start, enrollment is closed', () => {
    const start = Date.parse(course.sessions[0]!.startsAt);
    const plain = { ...course, lateJoinUntilSession: undefined };
    const s: WorkshopEvent = { type: 'WorkshopScheduled', data: { workshop: plain } };
    given([s])
      .when({ ...reserve('e1', 1), at: new Date(start - 1).toISOString() })
      .then([expect.objectContaining({ type: 'SeatsReserved' })]);
    given([s])
      .when({ ...reserve('e1', 1), at: new Date(start).toISOString() })
      .thenThrows({ code: 'enrollment_closed' });
  });

  it('given late joining until session 2, when a family enrolls after the first session, then seats are held until session 2 starts', () => {
    const second = Date.parse(course.sessions[1]!.startsAt);
    given([scheduled])
      .when({ ...reserve('e1', 1), at: new Date(second - 1).toISOString() })
      .then([expect.objectContaining({ type: 'SeatsReserved' })]);
    given([scheduled])
      .when({ ...reserve('e1', 1), at: new Date(second).toISOString() })
      .thenThrows({ code: 'enrollment_closed' });
  });
});
