import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { AppDeps } from '../core/deps.js';
import { validationError } from '../core/errors.js';
import { findLocation } from '../locations/queries.js';
import { PLANO_LOCATION_ID } from '../locations/seed-location.js';

/** The 403 of a location-limited administrator asking for another location's workshop or booking. */
export const OTHER_LOCATION =
  'Your access is limited to your location; this workshop is held at another location. Ask the owner if you need it.';

/** Where a workshop is held: one written before locations existed is at the seeded Plano location. */
export const locationOf = (workshop: Pick<Workshop, 'locationId'>): string => workshop.locationId ?? PLANO_LOCATION_ID;

/** Refuses with 400 naming `locationIds` any id the school has no location for. */
export async function knownLocations(deps: Pick<AppDeps, 'readStore'>, locationIds: string[]): Promise<void> {
  const found = await Promise.all(locationIds.map((id) => findLocation(deps.readStore, id)));
  const unknown = locationIds.filter((_, i) => !found[i]);
  if (unknown.length > 0) {
    const message = `We have no location ${unknown.join(', ')}. Choose among the school's locations.`;
    throw validationError(message, [{ path: 'locationIds', message }]);
  }
}

// Kept in core so that slices the admin slice mounts (reports) can read it without a cycle.
export { locationLimit } from '../core/admin-identity.js';

/** Whether a workshop is within the limit (null: no limit). */
export const withinLimit = (limit: readonly string[] | null, workshop: Pick<Workshop, 'locationId'>): boolean =>
  limit === null || limit.includes(locationOf(workshop));

/**
 * The ids of every workshop held within the limit, private ones and courses included, for the
 * lists that filter bookings by workshop (the tracker and its CSV).
 */
export async function workshopIdsWithin(store: ReadStore, limit: readonly string[]): Promise<string[]> {
  const { items } = await store.find<Workshop>('schedule', {});
  return items.filter((i) => withinLimit(limit, i.doc)).map((i) => i.doc.id);
}
