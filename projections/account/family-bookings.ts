import type { ReadStore } from '../../platform/readstore/port.js';
import { emailKeyOf, type EnrollmentEmailDoc } from '../admin/enrollment-emails.js';
import type { HouseholdDoc } from './households.js';

/**
 * The ids of a family's bookings: those its saved children were enrolled in, and every booking
 * made with the e-mail of one of its active parents (typed in, signed in or not, as the contact or
 * the second parent). Where a sibling's seat is looked for; the family page shows only those of
 * them `shownTo` a parent.
 */
export async function familyEnrollmentIds(store: ReadStore, household: HouseholdDoc): Promise<string[]> {
  const emails = household.parents.filter((p) => p.status === 'active').map((p) => emailKeyOf(p.email));
  const listed = await store.getMany<EnrollmentEmailDoc>('enrollment-emails', emails);
  return [...new Set([...listed.values()].flatMap((d) => d.doc.enrollmentIds).concat(household.enrollments))];
}

/** What of a booking decides who sees it: its contact's address, when it was made, and the family it was made from. */
export interface BookingOwnership {
  enrollmentId: string;
  email: string;
  submittedAt: string;
  householdId?: string;
}

/**
 * Whether a parent of the household sees a booking on the family page (issue 36 items 1 and 2): a
 * booking made from the family (its saved children, or signed in to it); or made by one of its
 * active parents as the contact, shown to that parent always, and to the others when it was made
 * once that parent was in the family (its founder always is). A typed second parent is never the
 * contact: such a booking shows on the contact's family page only. A parent who joins a family
 * therefore brings none of their earlier bookings to the others' view.
 */
export function shownTo(household: HouseholdDoc, viewerParentId: string, booking: BookingOwnership): boolean {
  if (booking.householdId === household.id || household.enrollments.includes(booking.enrollmentId)) return true;
  const contact = household.parents.find(
    (p) => p.status === 'active' && emailKeyOf(p.email) === emailKeyOf(booking.email),
  );
  if (!contact) return false;
  // Every booking of the founder's is the family's. A document projected before `founder` was kept
  // knows the founder by their arrival at the household's creation.
  const founder = household.parents.some((p) => p.founder)
    ? contact.founder === true
    : contact.since === household.createdAt;
  return contact.parentId === viewerParentId || founder || Date.parse(booking.submittedAt) >= Date.parse(contact.since);
}
