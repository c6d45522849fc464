import { useMemo } from 'react';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { formatDayKey, todayKey } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { DayCalendar } from './DayCalendar.js';
import { EVENT_CATEGORY_OPTIONS } from './eventsFilters.js';
import { parseCategory } from './scheduleFilters.js';
import { useAddressFilters } from './useAddressFilters.js';

export interface EventFiltersProps {
  /** The days that have an event ("2025-06-07"), marked with a dot. */
  eventDays: string[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The events screen's filters: a category, and a day on the calendar. */
export function EventFilters({ eventDays, search }: EventFiltersProps) {
  const filters = useAddressFilters(search);
  const now = useVisitNow();
  const marked = useMemo(() => new Set(eventDays), [eventDays]);
  return (
    <SchoolLocale>
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
          {/* Opens on the picked day, or today. */}
          <DayCalendar
            aria-labelledby="event-date-label"
            filters={filters}
            marked={marked}
            opening={filters.day ?? todayKey(now)}
          />
          <p className="events__date-note">
            {filters.day ? `Showing ${formatDayKey(filters.day)}` : 'Showing every day.'}
          </p>
          <Button variant="outline" size="sm" isDisabled={!filters.day} onPress={() => filters.setDay(null)}>
            Clear Date
          </Button>
        </div>
      </section>
    </SchoolLocale>
  );
}
