import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { workshopEvents } from '../../contracts/site/structured-data.js';
import { Link } from '../components/Link.js';
import { island } from '../core/island.js';
import { useSiteOrigin, useVisitNow } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { PageHead } from '../layout/PageHead.js';
import { LoadError } from './LoadError.js';
import { usePrograms, useWorkshops } from './queries.js';
import { LocationPicker, useLocationFilter } from './LocationPicker.js';
import { sessionDates } from './scheduleFilters.js';
import { isUpcoming } from './saleState.js';
import { ScheduleDatePicker } from './ScheduleDatePicker.js';
import { ScheduleList } from './ScheduleList.js';
import './SchedulePage.css';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

// Read before it is used: it hydrates at the first touch, key or focus, and the first paint has the main thread alone.
const ScheduleDatePickerIsland = island('ScheduleDatePicker', ScheduleDatePicker, { hydrate: 'interaction' });
// The list is below the fold on a phone: it hydrates as it nears the screen or at the first touch.
const ScheduleListIsland = island('ScheduleList', ScheduleList, { hydrate: 'visible' });

export function SchedulePage() {
  const workshops = useWorkshops();
  // The filters are the address's (see useAddressFilters); the server renders for the one it was asked.
  const { search } = useLocation();
  const now = useVisitNow();
  const origin = useSiteOrigin();

  const programs = usePrograms();
  // `?program=<slug>`: one program's offerings (a new page from the server, like every link here).
  const program = programs.data?.find((p) => p.slug === new URLSearchParams(search).get('program'));
  // `?location=<slug>`: one location's classes (issue 41 item 4), picked from the links below when there are several.
  const { locations, place } = useLocationFilter(search);

  // Upcoming only: what has begun is on the events screen (/events).
  const upcoming = useMemo(
    () =>
      workshops.data?.filter(
        (w) => isUpcoming(w, now) && (!program || w.programId === program.id) && (!place || w.locationId === place.id),
      ),
    [workshops.data, now, program, place],
  );

  return (
    <>
      <PageHead
        page="Course Schedule"
        share={PAGE_SHARE.schedule}
        path="/schedule"
        description="Upcoming etiquette workshops and classes in Plano, Texas: tea parties, summer camps, teen, adult and business sessions, with dates, prices and seats left."
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Workshops &amp; classes</span>
          <h1>Course Schedule</h1>
          <p className="lead">
            Browse our upcoming workshops and classes. Select a date to see what's available or filter by category.
          </p>
          <p className="schedule__events-link">
            <Link href="/events">Past and upcoming events</Link>
          </p>
          {program && (
            <p className="schedule__program">
              Showing the classes of <strong>{program.title}</strong>. <Link href="/schedule">Show every program</Link>
            </p>
          )}
          <LocationPicker path="/schedule" search={search} locations={locations} place={place} />
        </div>
      </section>

      <div className="container section schedule">
        {workshops.isError ? (
          <LoadError what="the schedule" />
        ) : upcoming ? (
          <>
            <ScheduleDatePickerIsland dates={sessionDates(upcoming)} search={search} />
            <ScheduleListIsland workshops={upcoming} search={search} />
          </>
        ) : (
          <>
            <div className="schedule__calendar-card">
              <div className="schedule__calendar-placeholder" role="status">
                <span className="sr-only">Loading the schedule…</span>
              </div>
            </div>
            <div className="schedule__list-placeholder" />
          </>
        )}
      </div>

      {/* Structured data for search engines, after the page's own content. */}
      {upcoming && <JsonLd data={workshopEvents(upcoming, origin, now)} />}
    </>
  );
}
