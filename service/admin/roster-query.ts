import type { Roster, RosterRow } from '../../contracts/admin/roster.js';
import { photographyOf } from '../../contracts/admin/roster.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { RosterDoc } from '../../projections/admin/roster.js';
import { findWorkshop } from '../catalogue/queries.js';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Each participant of one booked enrollment as a roster row. */
function rowsOf(doc: RosterDoc): RosterRow[] {
  const status = doc.status === 'confirmed' ? 'confirmed' : 'pending';
  return doc.participants.map((p, i) => ({
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
  }));
}

/**
 * The workshop's roster from the `roster` read model: every participant of its pending or
 * confirmed enrollments, by name (as a sign-in sheet reads), or null for an unknown workshop.
 */
export async function readRoster(store: ReadStore, workshopId: string): Promise<Roster | null> {
  const workshop = await findWorkshop(store, workshopId);
  if (!workshop) return null;
  const { items } = await store.find<RosterDoc>('roster', {
    where: { workshopId, active: true },
    sort: [{ field: 'seq', direction: 'asc' }],
  });
  const rows = items.flatMap((i) => rowsOf(i.doc)).sort((a, b) => byName.compare(a.name, b.name));
  const { id, title, date, time, location, instructor, capacity } = workshop;
  return { workshop: { id, title, date, time, location, instructor, capacity }, rows };
}
