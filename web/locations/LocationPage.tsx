import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { PublicLocation } from '../../contracts/locations/location.js';
import { zoneLabel } from '../../contracts/locations/zone-clock.js';
import { locationBusiness, mapLink, weekdayName } from '../../contracts/site/location-data.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { isApiError } from '../core/api.js';
import { formatDayKey } from '../core/format.js';
import { queryKeys } from '../core/queryKeys.js';
import { useSiteOrigin, useVisitNow } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { PageHead } from '../layout/PageHead.js';
import { LoadError } from '../catalogue/LoadError.js';
import { useWorkshops } from '../catalogue/queries.js';
import { UpcomingClasses } from '../catalogue/UpcomingClasses.js';
import './LocationPage.css';

/** "9:00 AM" for "09:00". */
const clock = (wall: string) => {
  const [h = 0, m = 0] = wall.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * A location's own page (issue 41 item 4), rendered by the server: its address with a map link,
 * phone, hours, directions, rooms and upcoming classes, and its LocalBusiness for search engines.
 */
export function LocationPage() {
  const { slug = '' } = useParams();
  // A 404 the server rendered is not asked again when the page hydrates.
  const query = useQuery<PublicLocation>({ queryKey: queryKeys.location(slug), retryOnMount: false });
  if (query.data) return <LocationDetail location={query.data} />;
  if (query.isError && isApiError(query.error, 404)) return <LocationNotFound />;
  return (
    <div className="container section">
      <PageHead page="Location" description="A location of Great Lakes School of Etiquette." />
      {query.isError ? <LoadError what="this location" /> : <Spinner label="Loading location…" showLabel />}
    </div>
  );
}

function LocationDetail({ location: l }: { location: PublicLocation }) {
  const workshops = useWorkshops();
  const now = useVisitNow();
  const origin = useSiteOrigin();
  const zone = zoneLabel(l.timeZone);
  const opensLater = l.opensOn && l.opensOn > now.toISOString().slice(0, 10);
  return (
    <article className="location-page">
      <PageHead
        page={l.name}
        description={`Etiquette classes at ${l.name}: ${l.address.line1}, ${l.address.city}, ${l.address.state}. Address, hours, rooms and upcoming classes.`}
        path={`/locations/${encodeURIComponent(l.slug)}`}
      />
      <div className="container section">
        <h1>{l.name}</h1>
        {opensLater && <p className="lead">Opens {formatDayKey(l.opensOn!)}.</p>}
        <div className="location-page__facts">
          <section aria-labelledby="location-address">
            <h2 id="location-address">Address</h2>
            <address>
              {l.address.line1}
              {l.address.line2 && (
                <>
                  <br />
                  {l.address.line2}
                </>
              )}
              <br />
              {l.address.city}, {l.address.state} {l.address.postalCode}
            </address>
            <p>
              <Link href={mapLink(l)}>
                Open in maps<span className="sr-only"> ({l.name})</span>
              </Link>
            </p>
            {l.phone && (
              <p>
                Phone: <a href={`tel:${l.phone.replace(/[^\d+]/g, '')}`}>{l.phone}</a>
              </p>
            )}
            {l.email && (
              <p>
                E-mail: <a href={`mailto:${l.email}`}>{l.email}</a>
              </p>
            )}
          </section>
          {l.hours.length > 0 && (
            <section aria-labelledby="location-hours">
              <h2 id="location-hours">Hours{zone ? ` (${zone})` : ''}</h2>
              <ul className="location-page__hours">
                {l.hours.map((h) => (
                  <li key={`${h.weekday}-${h.opens}`}>
                    <span>{weekdayName(h.weekday)}</span>{' '}
                    <span>
                      {clock(h.opens)} – {clock(h.closes)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {l.directions && (
            <section aria-labelledby="location-directions">
              <h2 id="location-directions">Directions</h2>
              <p className="location-page__directions">{l.directions}</p>
            </section>
          )}
          {l.rooms.length > 0 && (
            <section aria-labelledby="location-rooms">
              <h2 id="location-rooms">Rooms</h2>
              <ul>
                {l.rooms.map((r) => (
                  <li key={r.id}>
                    {r.name} (up to {r.capacity})
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        {workshops.data && <UpcomingClasses location={l} workshops={workshops.data} now={now} />}
      </div>
      <JsonLd data={locationBusiness(l, origin)} />
    </article>
  );
}

function LocationNotFound() {
  return (
    <div className="container container--narrow section">
      <PageHead
        page="Location Not Found"
        path={null}
        description="We could not find that location. See the contact page for every place we teach."
      />
      <h1>Location Not Found</h1>
      <p className="lead">We could not find that location.</p>
      <Link href="/contact" variant="primary">
        Contact us
      </Link>
    </div>
  );
}
