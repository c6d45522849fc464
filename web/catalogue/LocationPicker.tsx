import type { PublicLocation } from '../../contracts/locations/location.js';
import { Link } from '../components/Link.js';
import { useLocations } from './queries.js';

/**
 * `?location=<slug>` on the schedule and the events (issue 41 item 4): the locations, and the one
 * the address names (undefined for every location, or a slug no location has).
 */
export function useLocationFilter(search: string): { locations?: PublicLocation[]; place?: PublicLocation } {
  const { data: locations } = useLocations();
  const slug = new URLSearchParams(search).get('location');
  return { locations, place: locations?.find((l) => l.slug === slug) };
}

/** The page's address with `location` set (or cleared), its other filters kept. */
function withLocation(path: string, search: string, slug: string | null): string {
  const params = new URLSearchParams(search);
  if (slug) params.set('location', slug);
  else params.delete('location');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The location picker beside the filters, when there are several locations: links, each a new
 * page from the server like every filter here; then, with one chosen, which and its page.
 */
export function LocationPicker({
  path,
  search,
  locations,
  place,
}: {
  path: string;
  search: string;
  locations: readonly PublicLocation[] | undefined;
  place: PublicLocation | undefined;
}) {
  return (
    <>
      {locations && locations.length > 1 && (
        <nav className="schedule__locations" aria-label="Locations">
          <span>Location:</span>
          <Link href={withLocation(path, search, null)} aria-current={place ? undefined : 'page'}>
            All locations
          </Link>
          {locations.map((l) => (
            <Link
              key={l.id}
              href={withLocation(path, search, l.slug)}
              aria-current={place?.id === l.id ? 'page' : undefined}
            >
              {l.name}
            </Link>
          ))}
        </nav>
      )}
      {place && (
        <p className="schedule__program">
          Showing the classes at <strong>{place.name}</strong> (
          <Link href={`/locations/${encodeURIComponent(place.slug)}`}>address and hours</Link>).
        </p>
      )}
    </>
  );
}
