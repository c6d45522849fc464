import type { DashboardLocation } from '../../contracts/admin/dashboard.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { listLocations } from '../locations/queries.js';
import { locationOf } from './location-scope.js';

/**
 * The dashboard's figures per location (issue 41): its workshops still ahead, the seats they hold
 * and their capacity, from the schedule; a workshop written before locations is at Plano. A
 * location-limited administrator gets only their locations. Revenue by location is the revenue
 * report's (GET /api/admin/reports/revenue?by=location), on the same ledger as the rest of it.
 */
export async function dashboardLocations(
  store: ReadStore,
  now: Date,
  limit: readonly string[] | null,
): Promise<DashboardLocation[]> {
  const [locations, { items }] = await Promise.all([listLocations(store), store.find<Workshop>('schedule', {})]);
  const figures = new Map(
    locations
      .filter((l) => limit === null || limit.includes(l.id))
      .map((l) => [l.id, { locationId: l.id, name: l.name, upcomingWorkshops: 0, seatsTaken: 0, capacity: 0 }]),
  );
  for (const { doc: w } of items) {
    const row = figures.get(locationOf(w));
    if (!row || Date.parse(w.date) <= now.getTime()) continue;
    row.upcomingWorkshops += 1;
    row.seatsTaken += w.seatsTaken;
    row.capacity += w.capacity;
  }
  return [...figures.values()];
}
