import type { ReadStore } from '../../platform/readstore/port.js';
import type { HotRead } from '../core/hot-reads.js';
import { publicLocation, type PublicLocation } from '../../contracts/locations/location.js';
import { LOCATIONS } from '../../projections/locations/locations.js';
import { listLocations } from './queries.js';

/** Every location as a visitor reads it (no office notes), kept per projection position: the pages and the API answer from it. */
export const locationsRead = (store: ReadStore): HotRead<PublicLocation[]> => ({
  key: 'locations',
  projections: [LOCATIONS],
  load: async () => (await listLocations(store)).map(publicLocation),
});

export const LOCATION_NOT_FOUND = 'We could not find that location. See the contact page for every place we teach.';

/** A location by its slug (`/locations/el-paso`). */
export const pickLocation = (locations: readonly PublicLocation[], slug: string): PublicLocation | undefined =>
  locations.find((l) => l.slug === slug);
