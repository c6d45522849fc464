import type { AppDeps } from '../core/deps.js';
import { validationError } from '../core/errors.js';
import { findLocation } from '../locations/queries.js';

/** The 403 of a location-limited administrator asking for another location's workshop or booking. */
export const OTHER_LOCATION =
  'Your access is limited to your location; this workshop is held at another location. Ask the owner if you need it.';

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

// In the locations slice so that slices the admin slice mounts (reviews) can filter by them too.
export { locationOf, withinLimit, workshopIdsWithin } from '../locations/location-limit.js';
