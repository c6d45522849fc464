import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { PLANO_LOCATION_ID } from './seed-location.js';

/** Where a workshop is held: one written before locations existed is at the seeded Plano location. */
export const locationOf = (workshop: Pick<Workshop, 'locationId'>): string => workshop.locationId ?? PLANO_LOCATION_ID;

/** Whether a workshop is within a location-limited administrator's limit (null: no limit). */
export const withinLimit = (limit: readonly string[] | null, workshop: Pick<Workshop, 'locationId'>): boolean =>
  limit === null || limit.includes(locationOf(workshop));

/**
 * The ids of every workshop held within the limit, private ones and courses included, for the
 * lists that filter by workshop (the tracker and its CSV, the reviews).
 */
export async function workshopIdsWithin(store: ReadStore, limit: readonly string[]): Promise<string[]> {
  const { items } = await store.find<Workshop>('schedule', {});
  return items.filter((i) => withinLimit(limit, i.doc)).map((i) => i.doc.id);
}
