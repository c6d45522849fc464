import { describe, expect, it } from 'vitest';
import type { Availability } from '../../../contracts/instructors/availability.js';
import { freeSlots, type SlotRules } from '../../../contracts/instructors/slots.js';
import type { Busy } from '../../../contracts/instructors/time-rules.js';

const lesson: SlotRules = { typeId: 't1', minutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 60 };
/** Sundays and Mondays 09:00-11:00 on the school's clock. */
const week: Availability = {
  weekly: [
    { weekday: 7, from: '09:00', to: '11:00' },
    { weekday: 1, from: '09:00', to: '11:00' },
  ],
  exceptions: [],
};
const NOW = Date.parse('2025-03-01T12:00:00-06:00');
const starts = (slots: { startsAt: string }[]) => slots.map((s) => s.startsAt);
const busyAt = (startsAt: string, endsAt: string, extra: Partial<Busy> = {}): Busy => ({
  id: 'b1',
  kind: 'lesson',
  typeId: 't1',
  start: Date.parse(startsAt),
  end: Date.parse(endsAt),
  bufferMinutes: 0,
  status: 'booked',
  expiresAt: null,
  ...extra,
});

describe('free slots', () => {
  it('given Sunday hours 09:00-11:00, when the slots of the Sundays around the spring change are asked, then 09:00 is -06:00 before and -05:00 after', () => {
    const slots = freeSlots(week, [], lesson, { from: '2025-03-02', to: '2025-03-02' }, NOW);
    expect(starts(slots)).toEqual([
      '2025-03-02T09:00:00-06:00',
      '2025-03-02T09:15:00-06:00',
      '2025-03-02T09:30:00-06:00',
      '2025-03-02T09:45:00-06:00',
      '2025-03-02T10:00:00-06:00',
    ]);
    const after = freeSlots(week, [], lesson, { from: '2025-03-09', to: '2025-03-09' }, NOW);
    expect(after[0]).toEqual({ startsAt: '2025-03-09T09:00:00-05:00', endsAt: '2025-03-09T10:00:00-05:00' });
    expect(Date.parse(after[0]!.startsAt) - Date.parse(slots[0]!.startsAt)).toBe((7 * 24 - 1) * 3_600_000);
  });

  it('given hours 00:00-03:00 on the day the clocks fall back, when slots are asked, then the repeated hour gives four real hours of slots', () => {
    const night: Availability = { weekly: [{ weekday: 7, from: '00:00', to: '03:00' }], exceptions: [] };
    const year = { ...lesson, horizonDays: 365 };
    const fallBack = freeSlots(night, [], year, { from: '2025-11-02', to: '2025-11-02' }, NOW);
    const plain = freeSlots(night, [], year, { from: '2025-10-26', to: '2025-10-26' }, NOW);
    expect(plain).toHaveLength(9);
    expect(fallBack).toHaveLength(13);
    expect(starts(fallBack)).toContain('2025-11-02T01:00:00-05:00');
    expect(starts(fallBack)).toContain('2025-11-02T01:00:00-06:00');
  });

  it('given a lesson booked 09:00-10:00 and a 15-minute buffer, when slots are asked, then nothing starts before 10:15', () => {
    const busy = [busyAt('2025-03-03T09:00:00-06:00', '2025-03-03T10:00:00-06:00', { bufferMinutes: 15 })];
    const day = { from: '2025-03-03', to: '2025-03-03' };
    expect(starts(freeSlots(week, busy, { ...lesson, minutes: 30 }, day, NOW))).toEqual([
      '2025-03-03T10:15:00-06:00',
      '2025-03-03T10:30:00-06:00',
    ]);
  });

  it('given a class session 10:00-10:30, when slots are asked, then none overlaps it', () => {
    const busy = [
      busyAt('2025-03-03T10:00:00-06:00', '2025-03-03T10:30:00-06:00', { kind: 'class', typeId: undefined }),
    ];
    const slots = freeSlots(week, busy, { ...lesson, minutes: 30 }, { from: '2025-03-03', to: '2025-03-03' }, NOW);
    expect(starts(slots)).toEqual([
      '2025-03-03T09:00:00-06:00',
      '2025-03-03T09:15:00-06:00',
      '2025-03-03T09:30:00-06:00',
      '2025-03-03T10:30:00-06:00',
    ]);
  });

  it('given 24 hours of minimum notice at Saturday noon, when slots are asked from today, then Sunday morning is too soon and the first is Monday', () => {
    const slots = freeSlots(week, [], { ...lesson, minNoticeHours: 24 }, { from: '2025-03-01', to: '2025-03-03' }, NOW);
    expect(slots[0]!.startsAt).toBe('2025-03-03T09:00:00-06:00');
  });

  it('given a horizon of 1 day, when a week of slots is asked, then none is after tomorrow (school days)', () => {
    const slots = freeSlots(week, [], { ...lesson, horizonDays: 1 }, { from: '2025-03-01', to: '2025-03-09' }, NOW);
    expect(new Set(starts(slots).map((s) => s.slice(0, 10)))).toEqual(new Set(['2025-03-02']));
  });

  it('given a cap of one a day and one lesson of the type that day, when slots are asked, then that day has none', () => {
    const busy = [busyAt('2025-03-03T09:00:00-06:00', '2025-03-03T09:30:00-06:00')];
    const slots = freeSlots(week, busy, { ...lesson, maxPerDay: 1 }, { from: '2025-03-02', to: '2025-03-03' }, NOW);
    expect(new Set(starts(slots).map((s) => s.slice(0, 10)))).toEqual(new Set(['2025-03-02']));
  });

  it('given a blackout day and an afternoon added, when slots are asked, then the blackout has none and the added hours have some', () => {
    const withExceptions: Availability = {
      ...week,
      exceptions: [
        { date: '2025-03-02', available: false },
        { date: '2025-03-03', available: false, from: '09:00', to: '10:00' },
        { date: '2025-03-04', available: true, from: '14:00', to: '15:00' },
      ],
    };
    const slots = freeSlots(withExceptions, [], lesson, { from: '2025-03-02', to: '2025-03-04' }, NOW);
    expect(starts(slots)).toEqual(['2025-03-03T10:00:00-06:00', '2025-03-04T14:00:00-06:00']);
  });
});
