import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import {
  requireSubmitted,
  rescheduleMove,
  transferMove,
} from '../../../service/enrollment/decider/enrollment-state.js';
import { calendarSequence } from '../../../service/enrollment/emails/calendar-event.js';
import type { EnrollmentEvent, PurchasedItem } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, rescheduled, submitted } from '../../support/enrollment-events.js';

const AT = '2025-06-05T15:00:00.000Z';
const given = deciderSpec(enrollmentDecider);
/** The booking the events leave (every history here submits one). */
const fold = (events: EnrollmentEvent[]) =>
  requireSubmitted(events.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState));

/** The dinner for 2 (workshop 6, Saturday July 19, 2025, 7:00 PM): paid and confirmed. */
const sold: EnrollmentEvent[] = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];
const item = (submitted('e1').data as { item: PurchasedItem }).item;

const reschedule = (
  to: Partial<Pick<PurchasedItem, 'date' | 'time' | 'location'>>,
  o: { changeId?: string; workshopId?: string } = {},
): EnrollmentCommand => ({
  type: 'RescheduleBooking',
  workshopId: o.workshopId ?? '6',
  changeId: o.changeId ?? 'c1',
  to: { date: item.date, time: item.time, location: item.location, ...to },
  at: AT,
});

const AUGUST = '2025-08-09T19:00:00-05:00';

describe('RescheduleBooking: the booking follows its workshop', () => {
  it('given a confirmed booking, when its workshop moves to August 9, then BookingRescheduled carries the item before and after, only the date changed, the price as bought', () => {
    given(sold)
      .when(reschedule({ date: AUGUST }))
      .then([
        {
          type: 'BookingRescheduled',
          data: {
            enrollmentId: 'e1',
            workshopId: '6',
            changeId: 'c1',
            fromItem: item,
            item: { ...item, date: AUGUST },
            changed: ['date'],
            rescheduledAt: AT,
          },
        },
      ]);
  });

  it('given a new time and place, then both are named as changed', () => {
    given(sold)
      .when(reschedule({ time: '6:00 PM - 8:00 PM', location: 'The Garden Room' }))
      .then([
        expect.objectContaining({
          data: expect.objectContaining({
            changed: ['time', 'location'],
            item: { ...item, time: '6:00 PM - 8:00 PM', location: 'The Garden Room' },
          }),
        }),
      ]);
  });

  it('given the change already recorded (a redelivery), when it comes again, then nothing is recorded', () => {
    given([...sold, rescheduled('e1', 'c1', { date: AUGUST })])
      .when(reschedule({ date: AUGUST }))
      .then([]);
  });

  it('given a second change to other values under another id, then it is recorded from the moved item', () => {
    const first = rescheduled('e1', 'c1', { date: AUGUST });
    given([...sold, first])
      .when(reschedule({ date: '2025-08-16T19:00:00-05:00' }, { changeId: 'c2' }))
      .then([
        expect.objectContaining({
          data: expect.objectContaining({
            fromItem: { ...item, date: AUGUST },
            item: { ...item, date: '2025-08-16T19:00:00-05:00' },
          }),
        }),
      ]);
  });

  it('given the same date written with another offset (the same instant), a price or title change only, then nothing moved and nothing is recorded', () => {
    given(sold)
      .when(reschedule({ date: '2025-07-20T00:00:00Z' }, { changeId: 'c9' }))
      .then([]);
    given(sold)
      .when(reschedule({}, { changeId: 'c9' }))
      .then([]);
  });

  it('given an unpaid hold, or an expired one a late payment could revive, then it follows too', () => {
    given([submitted('e1')])
      .when(reschedule({ date: AUGUST }))
      .then([expect.objectContaining({ type: 'BookingRescheduled' })]);
    const expired: EnrollmentEvent = {
      type: 'EnrollmentExpired',
      data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT },
    };
    given([submitted('e1'), expired])
      .when(reschedule({ date: AUGUST }))
      .then([expect.objectContaining({ type: 'BookingRescheduled' })]);
  });

  it('given a cancelled booking, or one in another workshop, then nothing is recorded', () => {
    const cancelled: EnrollmentEvent = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: AT, notify: true },
    };
    given([...sold, cancelled])
      .when(reschedule({ date: AUGUST }))
      .then([]);
    given(sold)
      .when(reschedule({ date: AUGUST }, { workshopId: '9' }))
      .then([]);
  });

  it('given no such enrollment, then it is refused as not found', () => {
    given([])
      .when(reschedule({ date: AUGUST }))
      .thenThrows({ code: 'not_found' });
  });
});

describe('what the enrollment knows after a move', () => {
  const transferred: EnrollmentEvent = {
    type: 'EnrollmentTransferred',
    data: {
      enrollmentId: 'e1',
      transferId: 't1',
      fromWorkshopId: '6',
      toWorkshopId: '9',
      fromItem: item,
      item: { ...item, id: '9', date: '2025-09-27T18:00:00-05:00' },
      amountCents: 26_000,
      refundCents: 4_000,
      transferredAt: AT,
    },
  };

  it('given a move by the school, then the item moves, the booked item stays for the refund policy, and the calendar SEQUENCE rises', () => {
    const state = fold([...sold, rescheduled('e1', 'c1', { date: AUGUST })]);
    expect(state.item.date).toBe(AUGUST);
    expect(state.bookedItem.date).toBe(item.date);
    expect(calendarSequence(state)).toBe(1);
  });

  it('given a transfer and then a move of the new workshop, then each has its SEQUENCE in order and the booked item is the transfer’s', () => {
    const moved: EnrollmentEvent = {
      ...rescheduled('e1', 'c1', { date: '2025-10-04T18:00:00-05:00' }),
    };
    if (moved.type !== 'BookingRescheduled') throw new Error('unexpected');
    moved.data = {
      ...moved.data,
      workshopId: '9',
      fromItem: transferred.data.item,
      item: { ...transferred.data.item, date: '2025-10-04T18:00:00-05:00' },
    };
    const state = fold([...sold, transferred, moved]);
    expect(calendarSequence(state, transferMove('t1'))).toBe(1);
    expect(calendarSequence(state, rescheduleMove('c1'))).toBe(2);
    expect(calendarSequence(state)).toBe(2);
    expect(state.bookedItem.date).toBe('2025-09-27T18:00:00-05:00');
  });
});

describe('CorrectParticipantDetails: the parent corrects the details until the workshop begins', () => {
  const detail = (name: string) => ({
    name,
    age: 9,
    grade: '',
    school: '',
    hasDietaryRestrictions: false,
    dietaryRestrictions: '',
    photographyConsent: false,
    allowNameWithPhoto: false,
    photographyOptOut: false,
  });
  const correct = (names: string[], at = AT): EnrollmentCommand => ({
    type: 'CorrectParticipantDetails',
    participantDetails: names.map(detail),
    at,
  });

  it('given a confirmed booking, when the names are corrected, then ParticipantDetailsCorrected lists what changed; the same again, nothing', () => {
    given(sold)
      .when(correct(['Ava Smith', 'Ben Smith']))
      .then([
        {
          type: 'ParticipantDetailsCorrected',
          data: expect.objectContaining({
            enrollmentId: 'e1',
            attendees: ['Ava Smith', 'Ben Smith'],
            changed: expect.arrayContaining(['0.name', '1.name', '0.age']),
            correctedAt: AT,
          }),
        },
      ]);
    const [corrected] = enrollmentDecider.decide(correct(['Ava Smith', 'Ben Smith']), fold(sold));
    given([...sold, corrected!])
      .when(correct(['Ava Smith', 'Ben Smith']))
      .then([]);
  });

  it('given a held, a begun, a cancelled booking or another count, then each is refused with its reason', () => {
    given([submitted('e1')])
      .when(correct(['A', 'B']))
      .thenThrows({ code: 'conflict', refusal: { code: 'correction_not_confirmed', status: 'pending' } });
    given(sold)
      .when(correct(['A', 'B'], '2025-07-19T19:00:00-05:00'))
      .thenThrows({ code: 'conflict', refusal: { code: 'correction_workshop_begun' } });
    given(sold)
      .when(correct(['A']))
      .thenThrows({ code: 'conflict', refusal: { code: 'correction_participant_count' } });
    const cancelled: EnrollmentEvent = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'cancelled-by-visitor', cancelledAt: AT, notify: true },
    };
    given([...sold, cancelled])
      .when(correct(['A', 'B']))
      .thenThrows({ code: 'conflict', refusal: { code: 'correction_cancelled' } });
  });
});
