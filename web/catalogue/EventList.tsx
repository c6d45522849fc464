import { useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { useVisitNow } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { ClearFiltersLink } from './ClearFiltersLink.js';
import { EVENT_CATEGORY_OPTIONS, eventsFor } from './eventsFilters.js';
import { LazyWorkshopDialog } from './LazyWorkshopDialog.js';
import { useAddressFilters } from './useAddressFilters.js';
import { WorkshopCard } from './WorkshopCard.js';

const COUNT_ID = 'event-count';

export interface EventListProps {
  /** Every workshop, past ones included. */
  workshops: Workshop[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The events of the chosen category and day, newest first, each with its details dialog. */
export function EventList({ workshops, search }: EventListProps) {
  const filters = useAddressFilters(search);
  const [dialog, setDialog] = useState<{ workshop: Workshop | null; open: boolean }>({ workshop: null, open: false });
  const now = useVisitNow();
  const events = eventsFor(workshops, filters.category, filters.day);
  return (
    <SchoolLocale>
      <section className="events__list" aria-labelledby="event-list-title">
        <div className="schedule__filters">
          <h2 id="event-list-title" className="events__list-title">
            {filters.category === 'all'
              ? 'All events'
              : EVENT_CATEGORY_OPTIONS.find((o) => o.id === filters.category)?.label}
          </h2>
          <p id={COUNT_ID} className="schedule__count" role="status" tabIndex={-1}>
            {`${events.length} ${events.length === 1 ? 'event' : 'events'}`}
          </p>
        </div>
        {events.length === 0 ? (
          <div className="schedule__empty">
            <p>No events found for the selected filters.</p>
            <ClearFiltersLink href="/events" countId={COUNT_ID} onClear={filters.clear} />
          </div>
        ) : (
          <ul className="workshop-grid events__grid" aria-label="Events, newest first">
            {events.map((w) => (
              <li key={w.id}>
                <WorkshopCard workshop={w} now={now} onViewDetails={() => setDialog({ workshop: w, open: true })} />
              </li>
            ))}
          </ul>
        )}
        <LazyWorkshopDialog
          workshop={dialog.workshop}
          isOpen={dialog.open}
          onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
          now={now}
        />
      </section>
    </SchoolLocale>
  );
}
