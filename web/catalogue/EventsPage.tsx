import { sessionDates } from './scheduleFilters.js';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { workshopEvents } from '../../contracts/site/structured-data.js';
import { Link } from '../components/Link.js';
import { dayKeyOf } from '../core/format.js';
import { island } from '../core/island.js';
import { useSiteOrigin, useVisitNow } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { PageHead } from '../layout/PageHead.js';
import { EventFilters } from './EventFilters.js';
import { EventList } from './EventList.js';
import { LoadError } from './LoadError.js';
import { useWorkshops } from './queries.js';
import { LocationPicker, useLocationFilter } from './LocationPicker.js';
import './SchedulePage.css';
import './EventsPage.css';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

// Read before it is used: it hydrates at the first touch, key or focus, and the first paint has the main thread alone.
const EventFiltersIsland = island('EventFilters', EventFilters, { hydrate: 'interaction' });
// The list is below the filters on a phone: it hydrates as it nears the screen or at the first touch.
const EventListIsland = island('EventList', EventList, { hydrate: 'visible' });

/**
 * The events screen of the public-site specification: every workshop, past ones included, the
 * nearest to come first, then the past ones, latest first (eventsFor), narrowed by category and by
 * calendar day (the school's, America/Chicago), each with its details dialog.
 */
export function EventsPage() {
  const workshops = useWorkshops();
  // The filters are the address's (see useAddressFilters); the server renders for the one it was asked.
  const { search } = useLocation();
  const now = useVisitNow();
  const origin = useSiteOrigin();
  // `?location=<slug>`: one location's classes (issue 41 item 4).
  const { locations, place } = useLocationFilter(search);
  const shown = useMemo(
    () => (place ? workshops.data?.filter((w) => w.locationId === place.id) : workshops.data),
    [workshops.data, place],
  );
  const eventDays = useMemo(() => [...new Set(sessionDates(shown ?? []).map((s) => dayKeyOf(s.date)))], [shown]);

  return (
    <>
      <PageHead
        page="Events"
        share={PAGE_SHARE.events}
        description="Every etiquette workshop, class and evening of Great Lakes School of Etiquette, past and upcoming, the next one first: filter by category or pick a day."
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Past and upcoming</span>
          <h1>Events</h1>
          <p className="lead">
            Every workshop, class and evening we will hold or have held, the next one first. Filter by category or pick
            a day.
          </p>
          <p className="schedule__events-link">
            <Link href="/schedule">Upcoming workshops on the course schedule</Link>
          </p>
          <LocationPicker path="/events" search={search} locations={locations} place={place} />
        </div>
      </section>

      <div className="container section events">
        {workshops.isError ? (
          <LoadError what="the events" />
        ) : shown ? (
          <>
            <EventFiltersIsland eventDays={eventDays} search={search} />
            <EventListIsland workshops={shown} search={search} />
          </>
        ) : (
          <p className="schedule__count" role="status">
            Loading events…
          </p>
        )}
      </div>

      {/* Structured data for search engines, after the page's own content. */}
      {shown && <JsonLd data={workshopEvents(shown, origin, now)} />}
    </>
  );
}
