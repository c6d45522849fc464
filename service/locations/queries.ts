import type { ReadStore } from '../../platform/readstore/port.js';
import { LOCATIONS, type LocationDoc } from '../../projections/locations/locations.js';

/** Every location, by name. */
export async function listLocations(store: ReadStore): Promise<LocationDoc[]> {
  const { items } = await store.find<LocationDoc>(LOCATIONS, { sort: [{ field: 'name', direction: 'asc' }] });
  return items.map((i) => i.doc);
}

export async function findLocationBySlug(store: ReadStore, slug: string): Promise<LocationDoc | null> {
  const { items } = await store.find<LocationDoc>(LOCATIONS, { where: { slug }, limit: 1 });
  return items[0]?.doc ?? null;
}

export async function findLocation(store: ReadStore, id: string): Promise<LocationDoc | null> {
  return (await store.get<LocationDoc>(LOCATIONS, id))?.doc ?? null;
}
