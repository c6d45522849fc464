import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS, mayUse, teaches } from '../../../contracts/admin/roles.js';

describe('who teaches a workshop', () => {
  it('given a workshop instructor written with other case or spacing, then it is the administrator of that name', () => {
    expect(teaches('June Park', 'June Park')).toBe(true);
    expect(teaches('  june   PARK ', 'June Park')).toBe(true);
    expect(teaches('June\u00a0Park', 'june park')).toBe(true);
  });

  it('given another spelling, another person, several names or no instructor, then nobody is matched', () => {
    expect(teaches('J. Park', 'June Park')).toBe(false);
    expect(teaches('June Parker', 'June Park')).toBe(false);
    expect(teaches('June & Ada Park', 'June Park')).toBe(false);
    expect(teaches('', '')).toBe(false);
    expect(teaches(undefined, 'June Park')).toBe(false);
  });
});

describe('what each role may use', () => {
  it('given the areas, then the owner uses all, a manager all but the administrators and privacy (erasures, the access log), an instructor the day and the rosters only', () => {
    expect(ADMIN_AREAS.filter((a) => !mayUse('owner', a))).toEqual([]);
    expect(ADMIN_AREAS.filter((a) => !mayUse('manager', a))).toEqual([
      'administrators',
      'privacy',
      'announcements',
      'accounts',
    ]);
    expect(ADMIN_AREAS.filter((a) => mayUse('instructor', a))).toEqual(['session', 'day', 'rosters']);
  });
});
