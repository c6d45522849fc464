import type { ReadStore } from '../../platform/readstore/port.js';
import { emailKeyOf, type EnrollmentEmailDoc } from '../admin/enrollment-emails.js';
import type { HouseholdDoc } from './households.js';

/**
 * The ids of a family's bookings: those its saved children were enrolled in, and every booking
 * made with the e-mail of one of its active parents (typed in, signed in or not). What the family
 * page lists, and where a sibling's seat is looked for.
 */
export async function familyEnrollmentIds(store: ReadStore, household: HouseholdDoc): Promise<string[]> {
  const emails = household.parents.filter((p) => p.status === 'active').map((p) => emailKeyOf(p.email));
  const listed = await store.getMany<EnrollmentEmailDoc>('enrollment-emails', emails);
  return [...new Set([...listed.values()].flatMap((d) => d.doc.enrollmentIds).concat(household.enrollments))];
}
