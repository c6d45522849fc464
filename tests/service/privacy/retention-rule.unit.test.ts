import { describe, expect, it } from 'vitest';
import { safetyErasureDue, type RetainedBooking } from '../../../service/privacy/retention-rule.js';

const booking = (o: Partial<RetainedBooking> & { enrollmentId: string }): RetainedBooking => ({
  lastSessionAt: '2025-06-23T15:00:00.000Z',
  children: ['Octavia Quennell'],
  active: true,
  ...o,
});

describe('when a booking’s safety details are erased', () => {
  it('given a booking alone, then it is due exactly 90 days after its last session, to the millisecond', () => {
    const a = booking({ enrollmentId: 'a' });
    expect(safetyErasureDue(a, [a], 90)?.toISOString()).toBe('2025-09-21T15:00:00.000Z');
  });

  it('given the same child booked later (the name written otherwise), then the later session starts the clock', () => {
    const a = booking({ enrollmentId: 'a' });
    const b = booking({
      enrollmentId: 'b',
      lastSessionAt: '2025-09-20T15:00:00.000Z',
      children: ['  octavia  QUENNELL '],
    });
    expect(safetyErasureDue(a, [a, b], 90)?.toISOString()).toBe('2025-12-19T15:00:00.000Z');
  });

  it('given a later booking of another child, or a later one cancelled, then the booking keeps its own date', () => {
    const a = booking({ enrollmentId: 'a' });
    const sibling = booking({ enrollmentId: 'b', lastSessionAt: '2025-09-20T15:00:00.000Z', children: ['Barnaby'] });
    const cancelled = booking({ enrollmentId: 'c', lastSessionAt: '2025-09-20T15:00:00.000Z', active: false });
    expect(safetyErasureDue(a, [a, sibling, cancelled], 90)?.toISOString()).toBe('2025-09-21T15:00:00.000Z');
  });

  it('given a booking without a date (a program), then it is never due by date', () => {
    const a = booking({ enrollmentId: 'a', lastSessionAt: null });
    expect(safetyErasureDue(a, [a], 90)).toBeNull();
  });
});
