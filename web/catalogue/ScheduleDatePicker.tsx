import { useMemo } from 'react';
import { Button } from '../components/Button.js';
import { hasBegun } from '../../contracts/catalogue/sales-window.js';
import { dayKeyOf, formatDayKey } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { DayCalendar } from './DayCalendar.js';
import { openingOf, type SessionDate } from './scheduleFilters.js';
import { useAddressFilters } from './useAddressFilters.js';

export interface ScheduleDatePickerProps {
  /** When each session of an upcoming workshop begins, with its category: its day is marked when the tab shows it. */
  dates: SessionDate[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The schedule's calendar card: pick a day to see only its workshops, or clear the day. */
export function ScheduleDatePicker({ dates, search }: ScheduleDatePickerProps) {
  const filters = useAddressFilters(search);
  const now = useVisitNow();
  // Days of what has not begun by the visitor's clock (the server's, while hydrating), of the category shown.
  const { category } = filters;
  const markedDays = useMemo(
    () => [
      ...new Set(
        dates
          .filter((d) => (category === 'all' || d.category === category) && !hasBegun({ date: d.date }, now))
          .map((d) => dayKeyOf(d.date)),
      ),
    ],
    [dates, now, category],
  );
  const marked = useMemo(() => new Set(markedDays), [markedDays]);
  return (
    <SchoolLocale>
      <section className="schedule__calendar-card" aria-labelledby="pick-date-title">
        <div className="schedule__calendar">
          <DayCalendar
            // Another category opens on its own first month.
            key={category}
            aria-label="Workshop dates"
            months={2}
            filters={filters}
            marked={marked}
            opening={openingOf(markedDays, now)}
          />
        </div>
        <div className="schedule__calendar-side">
          <h2 id="pick-date-title">Choose a Date</h2>
          <p>
            Days marked with a gold dot <span className="legend-dot" aria-hidden="true" /> have a workshop. Pick a day
            to see only what is on that date.
          </p>
          {filters.day && <p className="schedule__picked">Showing {formatDayKey(filters.day)}</p>}
          <Button variant="outline" isDisabled={!filters.day} onPress={() => filters.setDay(null)}>
            Clear Date Selection
          </Button>
        </div>
      </section>
    </SchoolLocale>
  );
}
