import { describe, expect, it } from 'vitest';
import { ageAtWorkshop, ageOn, isCalendarDay } from '../../../contracts/account/age.js';
import { CURRENT_WAIVERS, isCurrentSignature, schoolYearOf } from '../../../contracts/policies/waivers.js';

describe('a child’s age, from the date of birth, at the workshop’s start on the school’s calendar', () => {
  it('given a birthday on the day of the workshop, then the child is the new age; the day before, not yet', () => {
    expect(ageAtWorkshop('2017-06-23', { date: '2025-06-23T10:00:00-05:00' })).toBe(8);
    expect(ageAtWorkshop('2017-06-24', { date: '2025-06-23T10:00:00-05:00' })).toBe(7);
  });

  it('given a workshop at 8 PM in Plano (the next day in UTC), then the age is the Plano day’s', () => {
    expect(ageAtWorkshop('2017-06-24', { date: '2025-06-23T20:00:00-05:00' })).toBe(7);
  });

  it('given a birthday on February 29, then the age turns on March 1 in other years', () => {
    expect(ageOn('2016-02-29', '2025-02-28T18:00:00Z')).toBe(8);
    expect(ageOn('2016-02-29', '2025-03-01T18:00:00Z')).toBe(9);
  });

  it('given days that are not on the calendar, then they are refused', () => {
    expect(isCalendarDay('2017-02-29')).toBe(false);
    expect(isCalendarDay('2016-02-29')).toBe(true);
    expect(isCalendarDay('17-2-3')).toBe(false);
  });
});

describe('a signature counts for the version in force and the school year it was given in', () => {
  const now = new Date('2025-09-15T15:00:00Z');
  it('given the school year from August 1 on the school’s clock, then July 31 is the year before', () => {
    expect(schoolYearOf('2025-08-01T05:30:00Z')).toBe(2025); // 12:30 AM in Plano
    expect(schoolYearOf('2025-08-01T04:30:00Z')).toBe(2024); // still July 31 in Plano
  });

  it('given signatures of this year, last year and an older version, then only this year’s of the version in force counts', () => {
    const sig = (version: string, signedAt: string) => ({ document: 'code-of-conduct' as const, version, signedAt });
    expect(isCurrentSignature(sig('1', '2025-08-20T15:00:00Z'), CURRENT_WAIVERS, now)).toBe(true);
    expect(isCurrentSignature(sig('1', '2025-06-20T15:00:00Z'), CURRENT_WAIVERS, now)).toBe(false);
    expect(isCurrentSignature(sig('0', '2025-08-20T15:00:00Z'), CURRENT_WAIVERS, now)).toBe(false);
  });
});
