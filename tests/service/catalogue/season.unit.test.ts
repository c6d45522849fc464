import { describe, expect, it } from 'vitest';
import { seasonShiftWeeks, shiftByWeeks } from '../../../service/catalogue/season.js';
import { SPECIFICATION_DATES, seedWorkshops } from '../../../service/catalogue/seed-workshops.js';

// The seed's move to the next season: whole weeks (52 at a time), weekday and wall-clock time kept
// on the school's clock, order and gaps kept, the first workshop not before "now".

const school = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const dayNumber = (instant: string) => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' })
    .format(new Date(instant))
    .split('-')
    .map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};
const SPEC = Object.values(SPECIFICATION_DATES);

describe('season shift', () => {
  it('given "now" before the specification season, then nothing moves', () => {
    expect(seasonShiftWeeks(SPEC, new Date('2025-05-01T12:00:00Z'))).toBe(0);
    expect(seedWorkshops(0).map((w) => w.date)).toEqual(Object.values(SPECIFICATION_DATES));
  });

  it('given "now" in November 2026, then every workshop moves 104 weeks: weekday and time kept, order and gaps kept, the first not before now', () => {
    const now = new Date('2026-11-23T11:34:00Z');
    const weeks = seasonShiftWeeks(SPEC, now);
    expect(weeks).toBe(104);
    const before = seedWorkshops(0);
    const after = seedWorkshops(weeks);
    after.forEach((w, i) => {
      const was = before[i]!;
      expect(school.format(new Date(w.date)), w.id).toBe(school.format(new Date(was.date)));
      expect(dayNumber(w.date) - dayNumber(was.date)).toBe(weeks * 7);
    });
    expect(Math.min(...after.map((w) => Date.parse(w.date)))).toBeGreaterThanOrEqual(now.getTime());
    // The first tea party: Saturday, June 7, 2025 12:30 PM -> Saturday, June 5, 2027 12:30 PM (CDT).
    expect(after.find((w) => w.id === '4')!.date).toBe('2027-06-05T12:30:00-05:00');
    // Texts that name dates follow: the first camp runs June 21-24.
    expect(after.find((w) => w.id === '1')!.longDescription).toMatch(/^Our most popular summer program: June 21-24,/);
  });

  it('given "now" exactly at the first workshop moved one season, then one season; a millisecond later, two', () => {
    const oneSeason = Date.parse(shiftByWeeks(SPECIFICATION_DATES['4']!, 52));
    expect(seasonShiftWeeks(SPEC, new Date(oneSeason))).toBe(52);
    expect(seasonShiftWeeks(SPEC, new Date(oneSeason + 1))).toBe(104);
  });

  it('given a move across a daylight-saving change, then the wall-clock time stays and the offset follows', () => {
    expect(shiftByWeeks('2025-03-01T10:00:00-06:00', 2)).toBe('2025-03-15T10:00:00-05:00');
    expect(shiftByWeeks('2025-10-25T18:00:00-05:00', 2)).toBe('2025-11-08T18:00:00-06:00');
  });
});
