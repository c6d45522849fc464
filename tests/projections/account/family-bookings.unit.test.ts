import { describe, expect, it } from 'vitest';
import { shownTo, type BookingOwnership } from '../../../projections/account/family-bookings.js';
import type { HouseholdDoc } from '../../../projections/account/households.js';
import { EMPTY_HOUSEHOLD_DETAILS } from '../../../contracts/account/household.js';

const CREATED = '2025-05-01T12:00:00.000Z';
const JOINED = '2025-05-10T12:00:00.000Z';

/** Ann made the household; Bo joined it later; Cy's invitation is open. */
const household: HouseholdDoc = {
  id: 'h1',
  kind: 'household',
  createdAt: CREATED,
  parents: [
    { parentId: 'ann', email: 'ann@example.com', status: 'active', since: CREATED, founder: true },
    { parentId: 'bo', email: 'bo@example.com', status: 'active', since: JOINED },
    { parentId: 'cy', email: 'cy@example.com', status: 'invited', since: JOINED },
  ],
  details: EMPTY_HOUSEHOLD_DETAILS,
  children: [],
  signatures: [],
  imported: [],
  signInEmails: [],
  signIns: [],
  enrollments: ['from-saved-children'],
};

const booking = (o: Partial<BookingOwnership>): BookingOwnership => ({
  enrollmentId: 'e1',
  email: 'ann@example.com',
  submittedAt: '2025-04-01T12:00:00.000Z',
  ...o,
});

describe('which of a family’s bookings each parent sees (issue 36 items 1 and 2)', () => {
  it('given bookings made from the family (its saved children, or signed in to it), then every parent sees them', () => {
    for (const viewer of ['ann', 'bo']) {
      expect(shownTo(household, viewer, booking({ enrollmentId: 'from-saved-children', email: 'x@example.com' }))).toBe(
        true,
      );
      expect(shownTo(household, viewer, booking({ email: 'x@example.com', householdId: 'h1' }))).toBe(true);
    }
  });

  it('given the founder’s bookings, even from before the household, then every parent sees them', () => {
    expect(shownTo(household, 'bo', booking({ email: 'ANN@example.com' }))).toBe(true);
  });

  it('given a booking a parent made before joining, then only they see it; one made after, everyone does', () => {
    const before = booking({ email: 'bo@example.com', submittedAt: '2025-05-09T12:00:00.000Z' });
    const after = booking({ email: 'bo@example.com', submittedAt: '2025-05-11T12:00:00.000Z' });
    expect([shownTo(household, 'bo', before), shownTo(household, 'ann', before)]).toEqual([true, false]);
    expect([shownTo(household, 'bo', after), shownTo(household, 'ann', after)]).toEqual([true, true]);
  });

  it('given a booking whose contact is only invited, or someone else who typed a parent’s address as the second parent, then nobody sees it', () => {
    expect(shownTo(household, 'ann', booking({ email: 'cy@example.com' }))).toBe(false);
    expect(shownTo(household, 'ann', booking({ email: 'stranger@example.com' }))).toBe(false);
  });
});
