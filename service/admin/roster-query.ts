import type { WorkshopBookings } from '../../contracts/admin/catalogue-forms.js';
import type { Roster, RosterRow } from '../../contracts/admin/roster.js';
import { photographyOf } from '../../contracts/admin/roster.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { rosterWorkshopKey, type RosterDoc, type RosterWorkshopDoc } from '../../projections/admin/roster.js';
import { findWorkshop } from '../catalogue/queries.js';
import { CURRENT_WAIVERS, type WaiverTable } from '../../contracts/policies/waivers.js';
import {
  familiesNow,
  participantNow,
  pickupAdultsOf,
  readsFamilyNow,
  waiversOf,
  type FamiliesNow,
} from './family-now.js';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Each participant of one booked enrollment as a roster row, its saved children as their family keeps them now. */
function rowsOf(doc: RosterDoc, context: RosterContext): RosterRow[] {
  const status = doc.status === 'confirmed' ? 'confirmed' : 'pending';
  const { families, workshopDate, table, now } = context;
  const pickupAdults = pickupAdultsOf(doc, families);
  return doc.participants.map((enrolled, i) => {
    const p = context.live ? participantNow(enrolled, families, workshopDate) : enrolled;
    return {
      enrollmentId: doc.id,
      participant: i,
      name: participantName(p, i, doc.parent.name),
      age: p.age,
      grade: p.grade,
      school: p.school,
      dietaryRestrictions: p.hasDietaryRestrictions ? p.dietaryRestrictions.trim() || 'Yes (not described)' : '',
      photography: photographyOf(p),
      parent: doc.parent,
      secondParent: doc.secondParent,
      emergencyContacts: doc.emergencyContacts,
      specialRequirements: doc.specialRequirements,
      status,
      paymentStatus: doc.paymentStatus,
      present: doc.attendance[i] ?? null,
      childId: p.childId ?? null,
      medicalNotes: p.medicalNotes ?? '',
      waivers: waiversOf(doc, i, p, families, table, now),
      pickupAdults,
      collected: doc.collected?.[i] ?? null,
    };
  });
}

interface RosterContext {
  families: FamiliesNow;
  workshopDate: string;
  /** The workshop is not past: saved children are read as their family keeps them now. */
  live: boolean;
  table: WaiverTable;
  now: Date;
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
    participants: booked.reduce((sum, d) => sum + d.participants.length, 0),
    confirmed: booked.filter((d) => d.status === 'confirmed').length,
  };
}

/**
 * The workshop's roster from the `roster` read model: every participant of its pending or
 * confirmed enrollments, by name (as a sign-in sheet reads), or null for an unknown workshop.
 */
export async function readRoster(
  store: ReadStore,
  workshopId: string,
  options: { now: Date; waivers?: WaiverTable },
): Promise<Roster | null> {
  const workshop = await findWorkshop(store, workshopId);
  if (!workshop) return null;
  const booked = await bookedIn(store, workshopId);
  const context: RosterContext = {
    families: await familiesNow(store, booked),
    workshopDate: workshop.date,
    live: readsFamilyNow(workshop.date, options.now),
    table: options.waivers ?? CURRENT_WAIVERS,
    now: options.now,
  };
  const rows = booked.flatMap((doc) => rowsOf(doc, context)).sort((a, b) => byName.compare(a.name, b.name));
  const { id, title, date, time, location, instructor, capacity } = workshop;
  return { workshop: { id, title, date, time, location, instructor, capacity }, rows };
}
