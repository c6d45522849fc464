import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { useVisitNow } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { EVENT_CATEGORY_OPTIONS, eventsFor } from './eventsFilters.js';
import { useAddressFilters } from './useAddressFilters.js';
import { useWorkshopDialog } from './useWorkshopDialog.js';
import { WorkshopResults } from './WorkshopResults.js';

export interface EventListProps {
  /** Every workshop, past ones included. */
  workshops: Workshop[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The events of the chosen category and day, the next to come first, each with its details dialog. */
export function EventList({ workshops, search }: EventListProps) {
  const filters = useAddressFilters(search);
  const now = useVisitNow();
  const details = useWorkshopDialog(now);
  const events = eventsFor(workshops, filters.category, filters.day, now);
  return (
    <SchoolLocale>
      <section className="events__list" aria-labelledby="event-list-title">
        <WorkshopResults
          workshops={events}
          now={now}
          header={
            <h2 id="event-list-title" className="events__list-title">
              {filters.category === 'all'
                ? 'All events'
                : EVENT_CATEGORY_OPTIONS.find((o) => o.id === filters.category)?.label}
            </h2>
          }
          count={`${events.length} ${events.length === 1 ? 'event' : 'events'}`}
          countId="event-count"
          empty="No events found for the selected filters."
          clearHref="/events"
          onClear={filters.clear}
          onViewDetails={details.open}
          gridClassName="events__grid"
          gridLabel="Events, the next to come first, then past events"
        />
        {details.dialog}
      </section>
    </SchoolLocale>
  );
}
