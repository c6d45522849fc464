import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import { listPrograms, listWorkshops } from '../catalogue/queries.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';

/** A booking that took place or will: paid for or free, refunded in part at most. */
const BOOKED = new Set(['paid', 'free', 'partially-refunded', 'refund-failed']);

/**
 * The subscribers an announcement with an audience reaches: those whose address made a booking of
 * that program, or at that location (named as the tracker names them, case aside). Matched by the
 * keyed hash of the address, the subscriber's own key: no address is compared or kept here, and an
 * erased family's bookings no longer carry one.
 */
export async function audienceKeys(deps: AppDeps, audience: string): Promise<Set<string>> {
  const wanted = audience.trim().toLowerCase();
  const hash = pseudonymsFor(deps.config);
  const keys = new Set<string>();
  for (const booking of await bookings(deps)) {
    if (!booking.email) continue;
    const of = [booking.program, booking.location].map((v) => v.trim().toLowerCase());
    if (of.includes(wanted)) keys.add(hash.email(booking.email));
  }
  return keys;
}

/** Each booking with its program (a class's program from the catalogue) and location. */
async function bookings(deps: AppDeps): Promise<{ email: string; program: string; location: string }[]> {
  const [{ items }, programs, workshops] = await Promise.all([
    deps.readStore.find<EnrollmentRowDoc>('enrollments', {}),
    listPrograms(deps.readStore),
    listWorkshops(deps.readStore),
  ]);
  const programTitle = new Map(programs.map((p) => [p.id, p.title]));
  const programOfClass = new Map(workshops.map((w) => [w.id, w.programId ? programTitle.get(w.programId) : undefined]));
  return items
    .filter(({ doc }) => BOOKED.has(doc.paymentStatus))
    .map(({ doc }) => ({
      email: doc.email,
      program: doc.programTitle || (doc.workshopId ? (programOfClass.get(doc.workshopId) ?? '') : ''),
      location: doc.location ?? '',
    }));
}

/** What the admin form offers as audiences: every program and location a booking names, once each. */
export async function audienceChoices(deps: AppDeps): Promise<{ programs: string[]; locations: string[] }> {
  const programs = new Set<string>();
  const locations = new Set<string>();
  for (const booking of await bookings(deps)) {
    if (booking.program) programs.add(booking.program);
    if (booking.location) locations.add(booking.location);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { programs: sorted(programs), locations: sorted(locations) };
}
