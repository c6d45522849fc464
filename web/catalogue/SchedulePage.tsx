import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Calendar } from '../components/Calendar.js';
import { Link } from '../components/Link.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { dayKeyOf, formatDayKey, todayKey } from '../core/format.js';
import { workshopEvents } from '../../contracts/site/structured-data.js';
import { useSiteOrigin, useVisitNow } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { PageHead } from '../layout/PageHead.js';
import { LoadError } from './LoadError.js';
import { useWorkshops } from './queries.js';
import {
  CATEGORY_TABS,
  capitalise,
  filterWorkshops,
  openingDayKey,
  parseCategory,
  parseDayKey,
  type CategoryFilter,
} from './scheduleFilters.js';
import { WorkshopCard } from './WorkshopCard.js';
import { isUpcoming } from './saleState.js';
import { LazyWorkshopDialog } from './LazyWorkshopDialog.js';
import './SchedulePage.css';

const COUNT_ID = 'workshop-count';

/**
 * Filters live in the URL (?category=teen&date=2025-06-07) so a filtered view can be shared
 * and "Clear all filters" is a real link back to the bare schedule.
 */
function useScheduleFilters() {
  const [params, setParams] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const day = parseDayKey(params.get('date'));
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
    category,
    day,
    setCategory: (value: CategoryFilter) => update('category', value === 'all' ? null : value),
    setDay: (value: string | null) => update('date', value),
  };
}

export function SchedulePage() {
  const workshops = useWorkshops();
  const filters = useScheduleFilters();
  const [dialog, setDialog] = useState<{ workshop: Workshop | null; open: boolean }>({ workshop: null, open: false });
  // One "now" per visit, so a card does not change state under the pointer while it is read.
  const now = useVisitNow();
  const origin = useSiteOrigin();

  // Upcoming only: what has begun is on the events screen (/events).
  const upcoming = useMemo(() => workshops.data?.filter((w) => isUpcoming(w, now)), [workshops.data, now]);
  const visible = filterWorkshops(upcoming ?? [], filters.category, filters.day);
  const markedDays = useMemo(() => new Set((upcoming ?? []).map((w) => dayKeyOf(w.date))), [upcoming]);

  const list = (
    <div className="schedule__results">
      <div className="schedule__filters">
        {(filters.category !== 'all' || filters.day) && (
          <ul className="schedule__badges" aria-label="Active filters">
            {filters.category !== 'all' && (
              <li>
                <Badge variant="navy">Category: {capitalise(filters.category)}</Badge>
              </li>
            )}
            {filters.day && (
              <li>
                <Badge variant="navy">Date: {formatDayKey(filters.day)}</Badge>
              </li>
            )}
          </ul>
        )}
        <p id={COUNT_ID} className="schedule__count" role="status" tabIndex={-1}>
          {visible.length} workshops found
        </p>
      </div>
      {visible.length === 0 ? (
        <div className="schedule__empty">
          <p>No workshops found for the selected filters.</p>
          <Link
            href="/schedule"
            onPress={() => window.requestAnimationFrame(() => document.getElementById(COUNT_ID)?.focus())}
          >
            Clear all filters
          </Link>
        </div>
      ) : (
        <ul className="workshop-grid">
          {visible.map((w) => (
            <li key={w.id}>
              <WorkshopCard workshop={w} now={now} onViewDetails={() => setDialog({ workshop: w, open: true })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <>
      <PageHead
        page="Course Schedule"
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
        </div>
      </section>

      <div className="container section schedule">
        {workshops.isError ? (
          <LoadError what="the schedule" onRetry={() => void workshops.refetch()} />
        ) : (
          <>
            <section className="schedule__calendar-card" aria-labelledby="pick-date-title">
              <div className="schedule__calendar">
                {upcoming ? (
                  <ScheduleCalendar
                    key={todayKey(now)}
                    workshops={upcoming}
                    now={now}
                    day={filters.day}
                    onDayChange={filters.setDay}
                    isMarked={(d) => markedDays.has(d.toString())}
                  />
                ) : (
                  <div className="schedule__calendar-placeholder" role="status">
                    <span className="sr-only">Loading the schedule…</span>
                  </div>
                )}
              </div>
              <div className="schedule__calendar-side">
                <h2 id="pick-date-title">Choose a Date</h2>
                <p>
                  Days marked with a gold dot <span className="legend-dot" aria-hidden="true" /> have a workshop. Pick a
                  day to see only what is on that date.
                </p>
                {filters.day && <p className="schedule__picked">Showing {formatDayKey(filters.day)}</p>}
                <Button variant="outline" isDisabled={!filters.day} onPress={() => filters.setDay(null)}>
                  Clear Date Selection
                </Button>
              </div>
            </section>

            <section aria-labelledby="workshops-title" className="schedule__list">
              <h2 id="workshops-title" className="sr-only">
                Workshops
              </h2>
              <Tabs
                selectedKey={filters.category}
                onSelectionChange={(key) => filters.setCategory(parseCategory(String(key)))}
              >
                <TabList aria-label="Workshop category" items={CATEGORY_TABS.map((t) => ({ id: t.value, ...t }))}>
                  {(tab) => <Tab id={tab.value}>{tab.label}</Tab>}
                </TabList>
                {CATEGORY_TABS.map((tab) => (
                  <TabPanel key={tab.value} id={tab.value}>
                    {workshops.isPending ? <div className="schedule__list-placeholder" /> : list}
                  </TabPanel>
                ))}
              </Tabs>
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
      {upcoming && <JsonLd data={workshopEvents(upcoming, origin, now)} />}
    </>
  );
}

interface ScheduleCalendarProps {
  workshops: readonly Workshop[];
  now: Date;
  day: string | null;
  onDayChange: (day: string | null) => void;
  isMarked: (date: DateValue) => boolean;
}

function ScheduleCalendar({ workshops, now, day, onDayChange, isMarked }: ScheduleCalendarProps) {
  // Opening month is decided once, when the data first arrives.
  const [opening] = useState(() => parseDate(openingDayKey(workshops, now)));
  const value: CalendarDate | null = day ? parseDate(day) : null;
  return (
    <Calendar<CalendarDate>
      aria-label="Workshop dates"
      months={2}
      value={value}
      onChange={(date) => onDayChange(date ? date.toString() : null)}
      defaultFocusedValue={opening}
      isMarked={isMarked}
    />
  );
}
