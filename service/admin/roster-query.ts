import { ERASED } from '../../contracts/privacy/classes.js';
import type { WorkshopBookings } from '../../contracts/admin/catalogue-forms.js';
import type { Roster, RosterRow } from '../../contracts/admin/roster.js';
import { oneRowPerChild, photographyOf } from '../../contracts/admin/roster.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import {
  rosterWorkshopKey,
  sessionKey,
  type RosterDoc,
  type RosterMakeup,
  type RosterWorkshopDoc,
} from '../../projections/admin/roster.js';
import { nextSessionNumber } from '../../contracts/catalogue/sessions.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { findWorkshop } from '../catalogue/queries.js';
import { validationError } from '../core/errors.js';
import { CURRENT_WAIVERS, type WaiverTable } from '../../contracts/policies/waivers.js';
import {
  familiesNow,
  participantNow,
  pickupAdultsOf,
  readsFamilyNow,
  waiversOf,
  type FamiliesNow,
} from './family-now.js';

/**
 * What a roster reads beside its bookings: the families of those made with saved children, as
 * they are now (for a workshop not yet past), and the documents' versions in force.
 */
interface FamilyContext {
  families: FamiliesNow;
  workshopDate: string;
  /** The workshop is not past: saved children are read as their family keeps them now. */
  live: boolean;
  table: WaiverTable;
  now: Date;
}

/** The options of a roster read: "now" (the session it opens on, whether saved children read as now) and the waivers in force. */
export interface RosterReadOptions {
  session?: number;
  now: Date;
  waivers?: WaiverTable;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A mark of session `session` in `workshopId`: marks kept per session, or (documents before courses) the first session's list. */
export function markOf(doc: RosterDoc, workshopId: string, session: number, participant: number): boolean | null {
  const mark = doc.marks?.[sessionKey(workshopId, session, participant)];
  if (mark !== undefined) return mark;
  return session === 1 && doc.workshopId === workshopId ? (doc.attendance[participant] ?? null) : null;
}

/** Each participant of one booked enrollment as a roster row of `session` (all, or only `only` for a make-up). */
function rowsOf(
  doc: RosterDoc,
  workshopId: string,
  session: number,
  context: FamilyContext,
  only?: number,
): RosterRow[] {
  const status = doc.status === 'confirmed' ? 'confirmed' : 'pending';
  const makeup = only !== undefined;
  const { families, workshopDate, table, now } = context;
  const pickupAdults = pickupAdultsOf(doc, families);
  const rows = doc.participants.map((enrolled, i): RosterRow => {
    // A saved child of a family account reads as the family keeps them now, for a workshop not yet past.
    const p = context.live ? participantNow(enrolled, families, workshopDate) : enrolled;
    const notified = !makeup && doc.absences?.[sessionKey(workshopId, session, i)] === true;
    return {
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
      present: notified ? (markOf(doc, workshopId, session, i) ?? false) : markOf(doc, workshopId, session, i),
      makeup,
      absence: notified ? 'notified' : null,
      childId: p.childId ?? null,
      medicalNotes: p.medicalNotes ?? '',
      waivers: waiversOf(doc, i, p, families, table, now),
      pickupAdults,
      collected: doc.collections?.[sessionKey(workshopId, session, i)] ?? null,
    };
  });
  // Those who gave up their place in a booking of several are not coming.
  const coming = rows.filter((r) => !doc.left?.includes(r.participant));
  return makeup ? coming.filter((r) => r.participant === only) : coming;
}

/** The workshop's booked enrollments (pending, paid or confirmed), in the order they arrived, and its make-ups. */
async function listedIn(store: ReadStore, workshopId: string) {
  // Lookups by id only: the workshop's list, then its enrollments, whatever the number of enrollments held.
  const listed = await store.get<RosterWorkshopDoc>('roster', rosterWorkshopKey(workshopId));
  const makeups = listed?.doc.makeups ?? [];
  const ids = [...new Set([...(listed?.doc.enrollmentIds ?? []), ...makeups.map((m) => m.enrollmentId)])];
  const docs = await store.getMany<RosterDoc>('roster', ids);
  const all = [...docs.values()].map((d) => d.doc);
  const booked = all.filter((d) => d.active && d.workshopId === workshopId).sort((a, b) => a.seq - b.seq);
  const byId = new Map(all.map((d) => [d.id, d]));
  return { booked, makeups, byId, families: await familiesNow(store, all) };
}

async function bookedIn(store: ReadStore, workshopId: string): Promise<RosterDoc[]> {
  return (await listedIn(store, workshopId)).booked;
}

/** The rows of one session: its booked children (those absent by notice marked so) and its make-ups, one row per child. */
function sessionRows(
  workshopId: string,
  session: number,
  listed: { booked: RosterDoc[]; makeups: RosterMakeup[]; byId: Map<string, RosterDoc> },
  context: FamilyContext,
): RosterRow[] {
  const booked = listed.booked.flatMap((d) => rowsOf(d, workshopId, session, context));
  const makeups = listed.makeups
    .filter((m) => m.session === session)
    .flatMap((m) => {
      const doc = listed.byId.get(m.enrollmentId);
      return doc ? rowsOf(doc, workshopId, session, context, m.participant) : [];
    });
  return oneRowPerChild([...booked, ...makeups].sort((a, b) => byName.compare(a.name, b.name)));
}

/** The session a roster opens on: the one asked (checked against the workshop), else the next not yet over. */
function sessionAsked(workshop: Workshop, asked: number | undefined, now: Date): number {
  const count = workshop.sessions.length;
  if (asked !== undefined && asked > count) {
    const message = `${workshop.title} has ${count} ${count === 1 ? 'session' : 'sessions'} (1 to ${count}).`;
    throw validationError(`session: ${message}`, [{ path: 'session', message }]);
  }
  return asked ?? nextSessionNumber(workshop.sessions, now) ?? count;
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
export async function readRoster(
  store: ReadStore,
  workshopId: string,
  options: RosterReadOptions = { now: new Date() },
): Promise<Roster | null> {
  const workshop = await findWorkshop(store, workshopId);
  if (!workshop) return null;
  const session = sessionAsked(workshop, options.session, options.now);
  const listed = await listedIn(store, workshopId);
  const rows = sessionRows(workshopId, session, listed, contextOf(workshop, listed.families, options));
  const { id, title, date, time, location, instructor, capacity, sessions } = workshop;
  return { workshop: { id, title, date, time, location, instructor, capacity }, session, sessions, rows };
}

/** Every session's roster of a workshop (the CSV has one attendance column per session). */
export async function readRosterSessions(
  store: ReadStore,
  workshopId: string,
  options: RosterReadOptions = { now: new Date() },
): Promise<Roster[] | null> {
  const workshop = await findWorkshop(store, workshopId);
  if (!workshop) return null;
  const listed = await listedIn(store, workshopId);
  const context = contextOf(workshop, listed.families, options);
  const { id, title, date, time, location, instructor, capacity, sessions } = workshop;
  return sessions.map((_, i) => ({
    workshop: { id, title, date, time, location, instructor, capacity },
    session: i + 1,
    sessions,
    rows: sessionRows(workshopId, i + 1, listed, context),
  }));
}

const contextOf = (workshop: Workshop, families: FamiliesNow, options: RosterReadOptions): FamilyContext => ({
  families,
  workshopDate: workshop.date,
  // A course is not past until its last session's day is.
  live: readsFamilyNow(workshop.sessions.at(-1)?.startsAt ?? workshop.date, options.now),
  table: options.waivers ?? CURRENT_WAIVERS,
  now: options.now,
});
