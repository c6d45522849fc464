import type { ParticipantDetail } from '../../contracts/enrollment/participants.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { rosterWorkshopKey, type RosterDoc, type RosterWorkshopDoc } from '../../projections/admin/roster.js';

/** One child of one booking, as a make-up credit names them. */
export interface CreditChild {
  enrollmentId: string;
  participant: number;
  /** The credit itself: a seat it holds is where its make-up is, not another seat of the child's. */
  creditId: string;
}

/** `<workshopId>:<session>`: a session the child is already expected in. */
export const sessionSlot = (workshopId: string, session: number) => `${workshopId}:${session}`;

/** Whether participant `index` of `doc` is the child: the same place of the same booking, or the same saved child. */
const isChild = (doc: RosterDoc, index: number, child: CreditChild, childId: string | undefined) =>
  !doc.left?.includes(index) &&
  ((doc.id === child.enrollmentId && index === child.participant) ||
    (childId !== undefined && doc.participants[index]?.childId === childId));

/**
 * The sessions of `workshops` a child is already expected in (booked, or on a make-up), from the `roster` read model: every
 * session of a class a booking of theirs is in (the sessions they reported missing too: a make-up
 * there would be a second seat, see service/catalogue/session-seats.ts), and each session another
 * credit of theirs holds a make-up seat in. The child is the credit's place in its booking, or, for
 * a saved child of a family (enrolled so, or matched since), that child in any booking. The
 * workshop's stream decides the same for the credit's own booking when the seat is taken; this
 * read also finds a saved child's other bookings, and keeps such sessions out of the offer.
 */
export async function sessionsOfChild(
  store: ReadStore,
  workshops: { id: string; sessions: unknown[] }[],
  child: CreditChild,
): Promise<Map<string, 'booked' | 'makeup'>> {
  const lists = await store.getMany<RosterWorkshopDoc>(
    'roster',
    workshops.map((w) => rosterWorkshopKey(w.id)),
  );
  const ids = new Set([child.enrollmentId]);
  for (const { doc } of lists.values()) {
    for (const id of doc.enrollmentIds) ids.add(id);
    for (const m of doc.makeups ?? []) ids.add(m.enrollmentId);
  }
  const docs = await store.getMany<RosterDoc>('roster', [...ids]);
  const byId = new Map([...docs.values()].map((d) => [d.doc.id, d.doc]));
  const own: ParticipantDetail | undefined = byId.get(child.enrollmentId)?.participants[child.participant];
  const childId = own?.childId;
  const busy = new Map<string, 'booked' | 'makeup'>();
  for (const w of workshops) {
    const list = lists.get(rosterWorkshopKey(w.id))?.doc;
    if (!list) continue;
    const booked = list.enrollmentIds.some((id) => {
      const doc = byId.get(id);
      return doc?.active && doc.workshopId === w.id && doc.participants.some((_, i) => isChild(doc, i, child, childId));
    });
    if (booked) w.sessions.forEach((_, i) => busy.set(sessionSlot(w.id, i + 1), 'booked'));
    for (const m of list.makeups ?? []) {
      const doc = byId.get(m.enrollmentId);
      if (m.creditId !== child.creditId && doc && isChild(doc, m.participant, child, childId))
        busy.set(sessionSlot(w.id, m.session), 'makeup');
    }
  }
  return busy;
}
