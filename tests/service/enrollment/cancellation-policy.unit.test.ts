import { describe, expect, it } from 'vitest';
import { cancellationTerms, fullRefundDeadline } from '../../../service/enrollment/cancellation-policy.js';

const terms = (startsAt: string, now: string, o: { isFree?: boolean; days?: number } = {}) =>
  cancellationTerms({
    startsAt,
    now: new Date(now),
    fullRefundDays: o.days ?? 7,
    isFree: o.isFree ?? false,
    refundableCents: 15_000,
  });

describe('the cancellation policy, counted on the school’s clock (America/Chicago)', () => {
  // Saturday June 14, 2025, 6:00 PM CDT.
  const START = '2025-06-14T18:00:00-05:00';

  it('given a cancellation exactly 7 days before the start, then it refunds in full', () => {
    expect(terms(START, '2025-06-07T18:00:00-05:00')).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      deadline: '2025-06-07T23:00:00.000Z',
    });
  });

  it('given a cancellation one millisecond after that, then it refunds nothing (and says when the deadline was)', () => {
    expect(terms(START, '2025-06-07T23:00:00.001Z')).toEqual({
      kind: 'no-refund',
      refundCents: 0,
      deadline: '2025-06-07T23:00:00.000Z',
    });
  });

  it('given a free workshop, then it cancels at no cost until the start, and not from the start on', () => {
    expect(terms(START, '2025-06-14T17:59:59-05:00', { isFree: true })).toEqual({ kind: 'free', refundCents: 0 });
    expect(terms(START, START, { isFree: true })).toMatchObject({ kind: 'closed' });
  });

  it('given the start reached, then a paid booking cannot be cancelled here', () => {
    expect(terms(START, '2025-06-14T23:00:00Z')).toEqual({
      kind: 'closed',
      reason: 'The workshop has begun, so it can no longer be cancelled.',
    });
  });

  it('given no date (a program), then it is not cancelled here', () => {
    expect(
      cancellationTerms({ startsAt: null, now: new Date(), fullRefundDays: 7, isFree: false, refundableCents: 1 }),
    ).toMatchObject({ kind: 'closed' });
  });

  it('given 0 days, then a full refund lasts until the very start', () => {
    expect(terms(START, '2025-06-14T17:59:59.999-05:00', { days: 0 })).toMatchObject({ kind: 'full-refund' });
  });

  describe('across a daylight-saving change, days are calendar days at the start’s wall-clock time', () => {
    // Tuesday November 3, 2026, 10:00 AM CST (UTC-6); clocks went back on Sunday November 1.
    const AFTER_FALL_BACK = '2026-11-03T10:00:00-06:00';

    it('given a start after the November change, then the deadline is 10:00 AM CDT a week before: 169 hours, not 168', () => {
      const deadline = fullRefundDeadline(AFTER_FALL_BACK, 7);
      expect(deadline.toISOString()).toBe('2026-10-27T15:00:00.000Z');
      expect((Date.parse(AFTER_FALL_BACK) - deadline.getTime()) / 3_600_000).toBe(169);
      // 10:30 AM CDT on October 27 is 168.5 hours before the start: past the deadline on the school's clock.
      expect(terms(AFTER_FALL_BACK, '2026-10-27T10:30:00-05:00')).toMatchObject({ kind: 'no-refund' });
      expect(terms(AFTER_FALL_BACK, '2026-10-27T10:00:00-05:00')).toMatchObject({ kind: 'full-refund' });
    });

    it('given a start after the March change, then the deadline is 10:00 AM CST a week before: 167 hours', () => {
      // Tuesday March 10, 2026, 10:00 AM CDT; clocks went forward on Sunday March 8.
      const AFTER_SPRING_FORWARD = '2026-03-10T10:00:00-05:00';
      const deadline = fullRefundDeadline(AFTER_SPRING_FORWARD, 7);
      expect(deadline.toISOString()).toBe('2026-03-03T16:00:00.000Z');
      expect((Date.parse(AFTER_SPRING_FORWARD) - deadline.getTime()) / 3_600_000).toBe(167);
      // 9:30 AM CST on March 3 is 167.5 hours before: inside the window, though fewer than 168 hours remain.
      expect(terms(AFTER_SPRING_FORWARD, '2026-03-03T09:30:00-06:00')).toMatchObject({ kind: 'full-refund' });
      expect(terms(AFTER_SPRING_FORWARD, '2026-03-03T10:00:00.001-06:00')).toMatchObject({ kind: 'no-refund' });
    });
  });
});

describe('a class the school moved after it was booked: the later of the two deadlines, never after the new start', () => {
  // Booked for Saturday July 19, 2025, 7:00 PM CDT: full refund until July 12, 7:00 PM.
  const BOOKED = '2025-07-19T19:00:00-05:00';
  const moved = (startsAt: string, now: string, o: { isFree?: boolean } = {}) =>
    cancellationTerms({
      startsAt,
      bookedStartsAt: BOOKED,
      now: new Date(now),
      fullRefundDays: 7,
      isFree: o.isFree ?? false,
      refundableCents: 15_000,
    });

  it('given it moved three weeks later (August 9), when cancelled after the booked deadline, then the new date’s deadline gives a full refund', () => {
    expect(moved('2025-08-09T19:00:00-05:00', '2025-07-14T12:00:00-05:00')).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      deadline: '2025-08-03T00:00:00.000Z',
      movedBySchool: true,
    });
  });

  it('given it moved a week earlier (July 12), when cancelled on July 10, past the new date’s deadline, then the booked deadline still refunds in full', () => {
    expect(moved('2025-07-12T19:00:00-05:00', '2025-07-10T12:00:00-05:00')).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      deadline: '2025-07-13T00:00:00.000Z',
      movedBySchool: true,
    });
  });

  it('given it moved nine days earlier (July 10), then the booked deadline (July 12) is cut to the new start, and from the start on it is closed', () => {
    expect(moved('2025-07-10T19:00:00-05:00', '2025-07-10T18:59:59-05:00')).toMatchObject({
      kind: 'full-refund',
      deadline: '2025-07-11T00:00:00.000Z',
    });
    expect(moved('2025-07-10T19:00:00-05:00', '2025-07-10T19:00:00-05:00')).toMatchObject({ kind: 'closed' });
  });

  it('given it moved later, when cancelled past both deadlines, then nothing is refunded and the terms say the school moved it', () => {
    expect(moved('2025-08-09T19:00:00-05:00', '2025-08-05T12:00:00-05:00')).toEqual({
      kind: 'no-refund',
      refundCents: 0,
      deadline: '2025-08-03T00:00:00.000Z',
      movedBySchool: true,
    });
  });

  it('given the booked start written with another offset but the same instant, then it is not a move', () => {
    expect(moved('2025-07-20T00:00:00Z', '2025-07-01T12:00:00-05:00')).toEqual({
      kind: 'full-refund',
      refundCents: 15_000,
      deadline: '2025-07-13T00:00:00.000Z',
    });
  });

  it('given a free booking moved, then it still cancels at no cost until the new start', () => {
    expect(moved('2025-07-10T19:00:00-05:00', '2025-07-10T12:00:00-05:00', { isFree: true })).toEqual({
      kind: 'free',
      refundCents: 0,
    });
  });
});
