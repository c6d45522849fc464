import { ERASED } from '../../contracts/privacy/classes.js';
import type { WorkshopBookings } from '../../contracts/admin/catalogue-forms.js';
import type { Roster, RosterRow } from '../../contracts/admin/roster.js';
import { photographyOf } from '../../contracts/admin/roster.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { rosterWorkshopKey, type RosterDoc, type RosterWorkshopDoc } from '../../projections/admin/roster.js';
import { findWorkshop } from '../catalogue/queries.js';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Each participant of one booked enrollment as a roster row. */
function rowsOf(doc: RosterDoc): RosterRow[] {
  const status = doc.status === 'confirmed' ? 'confirmed' : 'pending';
  const rows = doc.participants.map((p, i): RosterRow => ({
    enrollmentId: doc.id,
    participant: i,
    name: participantName(p, i, doc.parent.name),
    age: p.age,
    grade: p.grade,
    school: p.school,
    // Erased (the family, or the retention period): said so, never shown as "none".
    dietaryRestrictions:
      p.dietaryRestrictions === ERASED
        ? ERASED
        : p.hasDietaryRestrictions
          ? p.dietaryRestrictions.trim() || 'Yes (not described)'
          : '',
    photography: photographyOf(p),
    parent: doc.parent,
    secondParent: doc.secondParent,
    emergencyContacts: doc.emergencyContacts,
    specialRequirements: doc.specialRequirements,
    status,
    paymentStatus: doc.paymentStatus,
    present: doc.attendance[i] ?? null,
  }));
  // Those who gave up their place in a booking of several are not coming.
  return rows.filter((r) => !doc.left?.includes(r.participant));
}

/** The workshop's booked enrollments (pending, paid or confirmed), in the order they arrived. */
async function bookedIn(store: ReadStore, workshopId: string): Promise<RosterDoc[]> {
  // Lookups by id only: the workshop's list, then its enrollments, whatever the number of enrollments held.
  const listed = await store.get<RosterWorkshopDoc>('roster', rosterWorkshopKey(workshopId));
  const docs = await store.getMany<RosterDoc>('roster', listed?.doc.enrollmentIds ?? []);
  return [...docs.values()]
    .map((d) => d.doc)
    .filter((d) => d.active && d.workshopId === workshopId)
    .sort((a, b) => a.seq - b.seq);
}

/** How many bookings a change of the workshop's date, time or place moves, or null for an unknown workshop. */
export async function readWorkshopBookings(store: ReadStore, workshopId: string): Promise<WorkshopBookings | null> {
  if (!(await findWorkshop(store, workshopId))) return null;
  const booked = await bookedIn(store, workshopId);
  return {
    workshopId,
    bookings: booked.length,
    participants: booked.reduce((sum, d) => sum + d.participants.length - (d.left?.length ?? 0), 0),
    confirmed: booked.filter((d) => d.status === 'confirmed').length,
  };
}

/**
 * The workshop's roster from the `roster` read model: every participant of its pending or
 * confirmed enrollments, by name (as a sign-in sheet reads), or null for an unknown workshop.
 */
export async function readRoster(store: ReadStore, workshopId: string): Promise<Roster | null> {
  const workshop = await findWorkshop(store, workshopId);
  if (!workshop) return null;
  const booked = await bookedIn(store, workshopId);
  const rows = booked.flatMap(rowsOf).sort((a, b) => byName.compare(a.name, b.name));
  const { id, title, date, time, location, instructor, capacity } = workshop;
  return { workshop: { id, title, date, time, location, instructor, capacity }, rows };
}
