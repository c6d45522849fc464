import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, form, paid, submitted } from '../../support/enrollment-events.js';

const AT = '2025-07-19T19:05:00.000Z';
const given = deciderSpec(enrollmentDecider);

/** Two children for the dinner (workshop 6), paid and confirmed; the first named, the second not. */
const named = (): EnrollmentEvent => {
  const e = submitted('e1');
  if (e.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
  return { ...e, data: { ...e.data, form: form({ participants: 2, studentName: 'Ava Smith' }) } };
};
const sold: EnrollmentEvent[] = [named(), paid('e1', 30_000), confirmed('e1', 30_000)];

const mark = (participant: number, present: boolean, workshopId = '6'): EnrollmentCommand => ({
  type: 'MarkAttendance',
  workshopId,
  session: 1,
  participant,
  present,
  at: AT,
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
});

describe('enrollment decider: who collected a participant', () => {
  const collect = (collectedBy: string, confirmed = false): EnrollmentCommand => ({
    type: 'RecordCollection',
    workshopId: '6',
    session: 1,
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
