import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseDate, type CalendarDate } from '@internationalized/date';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { Calendar } from '../components/Calendar.js';
import { Link } from '../components/Link.js';
import { Select } from '../components/Select.js';
import { dayKeyOf, formatDayKey, todayKey } from '../core/format.js';
import { workshopEvents } from '../../contracts/site/structured-data.js';
import { useSiteOrigin, useVisitNow } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { PageHead } from '../layout/PageHead.js';
import { EVENT_CATEGORY_OPTIONS, eventsFor } from './eventsFilters.js';
import { LoadError } from './LoadError.js';
import { useWorkshops } from './queries.js';
import { parseCategory, parseDayKey, type CategoryFilter } from './scheduleFilters.js';
import { WorkshopCard } from './WorkshopCard.js';
import { LazyWorkshopDialog } from './LazyWorkshopDialog.js';
import './SchedulePage.css';
import './EventsPage.css';

const COUNT_ID = 'event-count';

/** Category and day live in the address (?category=summer&date=2025-06-23), as on the schedule. */
function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const update = (name: 'category' | 'date', value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return {
    category: parseCategory(params.get('category')),
    day: parseDayKey(params.get('date')),
    setCategory: (value: CategoryFilter) => update('category', value === 'all' ? null : value),
    setDay: (value: string | null) => update('date', value),
  };
}

/**
 * The events screen of the public-site specification: every workshop, past ones included, newest
 * first, narrowed by category and by calendar day (the school's, America/Chicago), each with its
 * details dialog.
 */
export function EventsPage() {
  const workshops = useWorkshops();
  const filters = useEventFilters();
  const [dialog, setDialog] = useState<{ workshop: Workshop | null; open: boolean }>({ workshop: null, open: false });
  const now = useVisitNow();
  const origin = useSiteOrigin();
  const events = eventsFor(workshops.data ?? [], filters.category, filters.day);
  const eventDays = useMemo(() => new Set((workshops.data ?? []).map((w) => dayKeyOf(w.date))), [workshops.data]);
  const value: CalendarDate | null = filters.day ? parseDate(filters.day) : null;

  return (
    <>
      <PageHead
        page="Events"
        description="Every etiquette workshop, class and evening of Great Lakes School of Etiquette, past and upcoming, newest first: filter by category or pick a day."
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Past and upcoming</span>
          <h1>Events</h1>
          <p className="lead">
            Every workshop, class and evening we have held or will hold, newest first. Filter by category or pick a day.
          </p>
          <p className="schedule__events-link">
            <Link href="/schedule">Upcoming workshops on the course schedule</Link>
          </p>
        </div>
      </section>

      <div className="container section events">
        {workshops.isError ? (
          <LoadError what="the events" onRetry={() => void workshops.refetch()} />
        ) : (
          <>
            <section className="events__filters" aria-labelledby="event-filters-title">
              <h2 id="event-filters-title" className="events__filters-title">
                Filter events
              </h2>
              <Select
                label="Category"
                options={EVENT_CATEGORY_OPTIONS}
                selectedKey={filters.category}
                onSelectionChange={(key) => filters.setCategory(parseCategory(String(key)))}
              />
              <div className="events__date">
                <p className="field__label" id="event-date-label">
                  Date
                </p>
                <Calendar<CalendarDate>
                  // Opens on the picked day or today; a new "today" (the visitor's clock after hydration) opens it afresh.
                  key={todayKey(now)}
                  aria-labelledby="event-date-label"
                  value={value}
                  onChange={(date) => filters.setDay(date ? date.toString() : null)}
                  defaultFocusedValue={parseDate(filters.day ?? todayKey(now))}
                  isMarked={(d) => eventDays.has(d.toString())}
                />
                <p className="events__date-note">
                  {filters.day ? `Showing ${formatDayKey(filters.day)}` : 'Showing every day.'}
                </p>
                <Button variant="outline" size="sm" isDisabled={!filters.day} onPress={() => filters.setDay(null)}>
                  Clear Date
                </Button>
              </div>
            </section>

            <section className="events__list" aria-labelledby="event-list-title">
              <div className="schedule__filters">
                <h2 id="event-list-title" className="events__list-title">
                  {filters.category === 'all'
                    ? 'All events'
                    : EVENT_CATEGORY_OPTIONS.find((o) => o.id === filters.category)?.label}
                </h2>
                <p id={COUNT_ID} className="schedule__count" role="status" tabIndex={-1}>
                  {workshops.isPending
                    ? 'Loading events…'
                    : `${events.length} ${events.length === 1 ? 'event' : 'events'}`}
                </p>
              </div>
              {workshops.isPending ? null : events.length === 0 ? (
                <div className="schedule__empty">
                  <p>No events found for the selected filters.</p>
                  <Link
                    href="/events"
                    onPress={() => window.requestAnimationFrame(() => document.getElementById(COUNT_ID)?.focus())}
                  >
                    Clear all filters
                  </Link>
                </div>
              ) : (
                <ul className="workshop-grid events__grid" aria-label="Events, newest first">
                  {events.map((w) => (
                    <li key={w.id}>
                      <WorkshopCard
                        workshop={w}
                        now={now}
                        onViewDetails={() => setDialog({ workshop: w, open: true })}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>

      <LazyWorkshopDialog
        workshop={dialog.workshop}
        isOpen={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        now={now}
      />
      {/* Structured data for search engines, after the page's own content. */}
      {workshops.data && <JsonLd data={workshopEvents(workshops.data, origin, now)} />}
    </>
  );
}
