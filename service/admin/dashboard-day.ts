import type { DashboardDay, DayWorkshop } from '../../contracts/admin/dashboard.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import type { WaitlistDoc } from '../../projections/waitlist/waitlists.js';
import { stillComingOf } from '../../contracts/enrollment/left-participants.js';

/** How many workshops the dashboard lists. */
export const DAY_WORKSHOPS = 5;
/** A class that began this long ago is still "today's": the instructor may open its roster during it. */
const STILL_RUNNING_MS = 6 * 3_600_000;

/** Participants whose dietary restrictions say something, among the enrollments that hold seats. */
async function allergiesOf(store: ReadStore, workshopId: string): Promise<number> {
  // By workshop alone (its index); the statuses are sifted here, among one workshop's few rows.
  const { items } = await store.find<EnrollmentRowDoc>('enrollments', { where: { workshopId } });
  return items
    .filter(({ doc }) => doc.status === 'pending' || doc.status === 'completed')
    .reduce(
      (n, { doc }) =>
        n +
        stillComingOf(doc.participantDetails ?? [], doc.leftParticipants).filter(
          ({ item }) => item.dietaryRestrictions.trim() !== '',
        ).length,
      0,
    );
}

/** Entries waiting or holding an offer, and the seats their offers hold. */
async function waitlistOf(store: ReadStore, workshopId: string): Promise<{ waiting: number; offered: number }> {
  const { items } = await store.find<WaitlistDoc>('waitlists', { where: { workshopId } });
  const inLine = items.filter(({ doc }) => doc.status === 'waiting' || doc.status === 'offered');
  const offered = inLine
    .filter(({ doc }) => doc.status === 'offered')
    .reduce((n, { doc }) => n + (doc.offerSeats ?? doc.participants), 0);
  return { waiting: inLine.length, offered };
}

/**
 * The next workshops from the read models: the schedule (seats), the waitlists and the tracker's
 * rows (each participant's dietary restrictions). A handful of small queries per workshop, each by
 * an indexed workshop id.
 */
export async function readDashboardDay(
  store: ReadStore,
  now: Date,
  /** Which workshops to list (an instructor's own, a limited administrator's locations'); all when null. */
  shown: ((workshop: Workshop) => boolean) | null = null,
): Promise<DashboardDay> {
  const from = now.getTime() - STILL_RUNNING_MS;
  const { items } = await store.find<Workshop>('schedule', { sort: [{ field: 'date', direction: 'asc' }] });
  const next = items
    .map((i) => i.doc)
    .filter((w) => Date.parse(w.date) >= from && (!shown || shown(w)))
    .slice(0, DAY_WORKSHOPS);
  const workshops = await Promise.all(
    next.map(async (w): Promise<DayWorkshop> => {
      const line = await waitlistOf(store, w.id);
      return {
        id: w.id,
        title: w.title,
        date: w.date,
        time: w.time,
        location: w.location,
        capacity: w.capacity,
        seatsTaken: w.seatsTaken,
        // Never more than the seats taken, should the two read models stand at different positions.
        seatsOffered: Math.min(line.offered, w.seatsTaken),
        waitlist: line.waiting,
        allergies: await allergiesOf(store, w.id),
      };
    }),
  );
  return { workshops };
}
