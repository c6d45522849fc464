import { makeupSpotsLeft, type Workshop } from '../../contracts/catalogue/workshop.js';
import type { AbsenceView, MakeupCreditView, MakeupOption } from '../../contracts/courses/api.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import type { MakeupCreditDoc } from '../../projections/courses/makeup-credits.js';
import type { AppDeps } from '../core/deps.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { listWorkshops } from '../catalogue/queries.js';
import { creditFits } from './credit-decider.js';
import { sessionSlot, sessionsOfChild } from './child-sessions.js';

/** The most sessions a credit's options list (the nearest first): a page, not the whole year. */
const MAX_OPTIONS = 24;

/** A booking's credits from the `makeup-credits` read model, oldest first. */
export async function creditDocsOf(deps: AppDeps, enrollmentId: string): Promise<MakeupCreditDoc[]> {
  const { items } = await deps.readStore.find<MakeupCreditDoc>('makeup-credits', { where: { enrollmentId } });
  return items.map((i) => i.doc).sort((a, b) => a.grantedAt.localeCompare(b.grantedAt));
}

export function creditView(doc: MakeupCreditDoc, workshops: Workshop[], now: Date, admin: boolean): MakeupCreditView {
  const booked = doc.booking ? workshops.find((w) => w.id === doc.booking!.workshopId) : undefined;
  const expired = doc.status === 'available' && Date.parse(doc.validUntil) < now.getTime();
  return {
    creditId: doc.id,
    participant: doc.participant,
    reason: doc.reason,
    from: doc.from,
    validUntil: doc.validUntil,
    status: expired ? 'expired' : doc.status,
    booking: doc.booking
      ? {
          workshopId: doc.booking.workshopId,
          title: booked?.title ?? '',
          session: doc.booking.session,
          startsAt: booked?.sessions[doc.booking.session - 1]?.startsAt ?? '',
        }
      : null,
    ...(admin ? { grantedBy: doc.grantedBy } : {}),
    grantedAt: doc.grantedAt,
  };
}

/**
 * The sessions a credit can be booked into now: offerings of its program, not begun, with a free
 * seat for a make-up, and none the child is already expected in (`busy`, see child-sessions.ts):
 * never a session of their own class, the one they miss least of all.
 */
export function makeupOptions(
  doc: MakeupCreditDoc,
  workshops: Workshop[],
  now: Date,
  busy: ReadonlyMap<string, unknown>,
): MakeupOption[] {
  const options: MakeupOption[] = [];
  for (const w of workshops) {
    if (!creditFits(doc, { id: w.id, programId: w.programId ?? null }) || w.id === doc.workshopId) continue;
    w.sessions.forEach((s, i) => {
      const session = i + 1;
      if (Date.parse(s.startsAt) <= now.getTime() || Date.parse(s.startsAt) > Date.parse(doc.validUntil)) return;
      if (busy.has(sessionSlot(w.id, session))) return;
      const seatsLeft = makeupSpotsLeft(w, session);
      if (seatsLeft <= 0) return;
      options.push({
        workshopId: w.id,
        title: w.title,
        session,
        sessions: w.sessions.length,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        seatsLeft,
      });
    });
  }
  return options.sort((a, b) => a.startsAt.localeCompare(b.startsAt)).slice(0, MAX_OPTIONS);
}

/** What a credit could be booked into now, leaving out every session its child is already expected in. */
async function optionsOf(
  deps: AppDeps,
  doc: MakeupCreditDoc,
  all: MakeupCreditDoc[],
  workshops: Workshop[],
  now: Date,
): Promise<MakeupOption[]> {
  if (doc.status !== 'available' || Date.parse(doc.validUntil) < now.getTime()) return [];
  const fitting = workshops.filter((w) => creditFits(doc, { id: w.id, programId: w.programId ?? null }));
  const busy = await sessionsOfChild(deps.readStore, fitting, {
    enrollmentId: doc.enrollmentId,
    participant: doc.participant,
    creditId: doc.id,
  });
  // A make-up of the same child booked a moment ago, whose seat the roster does not show yet.
  for (const other of all)
    if (other.participant === doc.participant && other.booking)
      busy.set(sessionSlot(other.booking.workshopId, other.booking.session), 'makeup');
  return makeupOptions(doc, fitting, now, busy);
}

/** The absences a booking reported in its workshop, from the workshop's stream (its seat ledger). */
export async function absencesOf(deps: AppDeps, workshopId: string, enrollmentId: string): Promise<AbsenceView[]> {
  const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId), 1_000);
  return Object.values(ledger.sessionSeats.absences)
    .filter((a) => a.enrollmentId === enrollmentId)
    .map(({ session, participant, creditId }) => ({ session, participant, creditId }))
    .sort((a, b) => a.session - b.session || a.participant - b.participant);
}

/** Everything the booking page and the enrollment record show of a booking's make-ups. */
export async function bookingCourse(deps: AppDeps, enrollmentId: string, workshopId: string | null, admin: boolean) {
  const now = deps.clock();
  const [docs, workshops] = await Promise.all([creditDocsOf(deps, enrollmentId), listWorkshops(deps.readStore)]);
  const credits = await Promise.all(
    docs.map(async (d) => ({
      ...creditView(d, workshops, now, admin),
      options: await optionsOf(deps, d, docs, workshops, now),
    })),
  );
  const absences = workshopId ? await absencesOf(deps, workshopId, enrollmentId) : [];
  return { credits, absences };
}
