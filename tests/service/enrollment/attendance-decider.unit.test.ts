import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, form, paid, submitted } from '../../support/enrollment-events.js';
import type { MarkAttendance, RecordCollection } from '../../../service/enrollment/decider/commands.js';

const AT = '2025-07-19T19:05:00.000Z';
/** The dinner's evening: July 19, 2025 at 7 PM in Plano, the day AT falls on there. */
const SESSION = '2025-07-19T19:00:00-05:00';
const given = deciderSpec(enrollmentDecider);

/** Two children for the dinner (workshop 6), paid and confirmed; the first named, the second not. */
const named = (): EnrollmentEvent => {
  const e = submitted('e1');
  if (e.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
  return { ...e, data: { ...e.data, form: form({ participants: 2, studentName: 'Ava Smith' }) } };
};
const sold: EnrollmentEvent[] = [named(), paid('e1', 30_000), confirmed('e1', 30_000)];

const mark = (participant: number, present: boolean, workshopId = '6', at = AT): MarkAttendance => ({
  type: 'MarkAttendance',
  workshopId,
  session: 1,
  sessionStartsAt: SESSION,
  participant,
  present,
  at,
});

const undoMark = (participant: number, at = AT): EnrollmentCommand => ({
  ...mark(participant, true, '6', at),
  undo: true,
});

const collect = (participant: number, collectedBy: string, at = AT): RecordCollection => ({
  type: 'RecordCollection',
  workshopId: '6',
  session: 1,
  sessionStartsAt: SESSION,
  participant,
  collectedBy,
  allowed: [{ name: 'Ruth Porter', relationship: 'Grandmother' }],
  confirmed: false,
  at,
});

const collected = (participant: number, name: string, by: string): EnrollmentEvent => ({
  type: 'ChildCollected',
  data: {
    enrollmentId: 'e1',
    workshopId: '6',
    participant,
    name,
    collectedBy: by,
    relationship: 'Grandmother',
    onList: true,
    collectedAt: AT,
    session: 1,
  },
});

const marked = (participant: number, name: string, present: boolean, workshopId = '6'): EnrollmentEvent => ({
  type: 'AttendanceMarked',
  data: { enrollmentId: 'e1', workshopId, participant, name, present, markedAt: AT, session: 1 },
});

const item = (named() as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>).data.item;
const transferred: EnrollmentEvent = {
  type: 'EnrollmentTransferred',
  data: {
    enrollmentId: 'e1',
    transferId: 't1',
    fromWorkshopId: '6',
    toWorkshopId: '9',
    fromItem: item,
    item: { ...item, id: '9', title: 'Business Dining' },
    amountCents: 26_000,
    refundCents: 4_000,
    transferredAt: '2025-07-01T00:00:00.000Z',
  },
};

describe('enrollment decider: attendance', () => {
  it('given a confirmed enrollment, when a participant is marked present, then AttendanceMarked names them', () => {
    given(sold)
      .when(mark(0, true))
      .then([marked(0, 'Ava Smith', true)]);
    given(sold)
      .when(mark(1, false))
      .then([marked(1, 'Participant 2', false)]);
  });

  it('given a pending (unpaid) enrollment, then attendance is taken too: the child may be in the room', () => {
    given([named()])
      .when(mark(0, true))
      .then([marked(0, 'Ava Smith', true)]);
  });

  it('given the same mark already recorded, then nothing is recorded; a change of mind is', () => {
    given([...sold, marked(0, 'Ava Smith', true)])
      .when(mark(0, true))
      .then([]);
    given([...sold, marked(0, 'Ava Smith', true)])
      .when(mark(0, false))
      .then([marked(0, 'Ava Smith', false)]);
  });

  it('given no enrollment, then it is refused as unknown', () => {
    given([])
      .when(mark(0, true))
      .thenThrows({ code: 'unknown_enrollment', refusal: { code: 'unknown_enrollment' } });
  });

  it('given another workshop in the command, then it is refused as not in this workshop', () => {
    given(sold)
      .when(mark(0, true, '9'))
      .thenThrows({ code: 'not_in_workshop' });
  });

  it('given a participant index beyond the enrollment’s, then it is refused with their count', () => {
    given(sold)
      .when(mark(2, true))
      .thenThrows({ code: 'participant_out_of_range', refusal: { code: 'participant_out_of_range', count: 2 } });
  });

  it('given a cancelled or expired enrollment, then it is refused as no longer booked', () => {
    const cancelled: EnrollmentEvent = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: AT, notify: false },
    };
    given([...sold, cancelled])
      .when(mark(0, true))
      .thenThrows({ code: 'enrollment_not_active', refusal: { code: 'enrollment_not_active', status: 'cancelled' } });
    const expired: EnrollmentEvent = {
      type: 'EnrollmentExpired',
      data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT },
    };
    given([named(), expired]).when(mark(0, true)).thenThrows({ code: 'enrollment_not_active' });
  });

  it('given a transfer, then attendance is taken in the new workshop, afresh, and refused in the old one', () => {
    const after = [...sold, marked(0, 'Ava Smith', true, '6'), transferred];
    given(after)
      .when(mark(0, true, '6'))
      .thenThrows({ code: 'not_in_workshop' });
    given(after)
      .when(mark(0, true, '9'))
      .then([marked(0, 'Ava Smith', true, '9')]);
  });

  it('given a session weeks away, then neither attendance nor pick-up can be recorded before its day; on its day, before it starts, both can', () => {
    const weeksBefore = '2025-06-01T15:00:00.000Z';
    given(sold)
      .when(mark(0, true, '6', weeksBefore))
      .thenThrows({ code: 'session_not_yet', refusal: { code: 'session_not_yet', day: 'Saturday, July 19, 2025' } });
    given(sold)
      .when(collect(0, 'Ruth Porter', weeksBefore))
      .thenThrows({ code: 'session_not_yet' });
    // The morning of the dinner, Plano time.
    const morning = '2025-07-19T14:00:00.000Z';
    given(sold)
      .when(mark(0, true, '6', morning))
      .then([
        { ...marked(0, 'Ava Smith', true), data: { ...marked(0, 'Ava Smith', true).data, markedAt: morning } },
      ] as EnrollmentEvent[]);
  });

  it('given a mark, when it is taken back, then the mark is undone (not marked again), and marking it afresh records it', () => {
    const undone: EnrollmentEvent = {
      type: 'AttendanceMarked',
      data: { ...(marked(0, 'Ava Smith', true).data as object), undone: true } as never,
    };
    given([...sold, marked(0, 'Ava Smith', true)])
      .when(undoMark(0))
      .then([undone]);
    given([...sold, marked(0, 'Ava Smith', true), undone])
      .when(mark(0, true))
      .then([marked(0, 'Ava Smith', true)]);
    // Nothing marked: nothing to take back.
    given(sold).when(undoMark(0)).then([]);
    given([...sold, marked(0, 'Ava Smith', true), undone])
      .when(undoMark(0))
      .then([]);
  });

  it('given who collected a child, when it is taken back, then it is undone and the same name can be recorded again', () => {
    const undone: EnrollmentEvent = {
      type: 'ChildCollected',
      data: { ...(collected(0, 'Ava Smith', 'Ruth Porter').data as object), relationship: '', undone: true } as never,
    };
    given([...sold, collected(0, 'Ava Smith', 'Ruth Porter')])
      .when({ ...collect(0, 'Ruth Porter'), undo: true })
      .then([undone]);
    given([...sold, collected(0, 'Ava Smith', 'Ruth Porter'), undone])
      .when(collect(0, 'Ruth Porter'))
      .then([collected(0, 'Ava Smith', 'Ruth Porter')]);
    given(sold)
      .when({ ...collect(0, 'Ruth Porter'), undo: true })
      .then([]);
  });
});

describe('enrollment decider: who collected a participant', () => {
  const collect = (collectedBy: string, confirmed = false): EnrollmentCommand => ({
    type: 'RecordCollection',
    workshopId: '6',
    session: 1,
    sessionStartsAt: SESSION,
    participant: 0,
    collectedBy,
    allowed: [{ name: 'Grace Hopper', relationship: 'Grandmother' }],
    confirmed,
    at: AT,
  });
  const collected = (collectedBy: string, onList: boolean): EnrollmentEvent => ({
    type: 'ChildCollected',
    data: {
      enrollmentId: 'e1',
      workshopId: '6',
      participant: 0,
      name: 'Ava Smith',
      collectedBy,
      relationship: onList ? 'Grandmother' : '',
      onList,
      collectedAt: AT,
      session: 1,
    },
  });

  it('given someone on the pick-up list, when they collect the child, then ChildCollected on the list, their name as listed; again, nothing', () => {
    given(sold)
      .when(collect('  grace   HOPPER '))
      .then([collected('Grace Hopper', true)]);
    given([...sold, collected('Grace Hopper', true)])
      .when(collect('Grace Hopper'))
      .then([]);
  });

  it('given someone not on the list, then refused until confirmed, and then recorded as not on it', () => {
    given(sold)
      .when(collect('Bob Stranger'))
      .thenThrows({ code: 'not_on_pickup_list', refusal: { code: 'not_on_pickup_list', name: 'Bob Stranger' } });
    given(sold)
      .when(collect('Bob Stranger', true))
      .then([collected('Bob Stranger', false)]);
  });
});
