import { parseDate, type CalendarDate } from '@internationalized/date';
import { Calendar } from '../components/Calendar.js';
import { todayKey } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import type { AddressFilters } from './useAddressFilters.js';

export interface DayCalendarProps {
  /** The page's filters: the picked day is the address's `?date=`. */
  filters: AddressFilters;
  /** Days ("2025-06-07") marked with a dot: those with a workshop. */
  marked: ReadonlySet<string>;
  /** The day whose month it opens on, when it first shows. */
  opening: string;
  months?: 1 | 2;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * The schedule's and the events' day filter: a calendar whose picked day narrows the list (in the
 * address, so every island of the page follows), with the days that have a workshop marked.
 */
export function DayCalendar({ filters, marked, opening, months, ...labelling }: DayCalendarProps) {
  const now = useVisitNow();
  return (
    <Calendar<CalendarDate>
      // A new "today" (the visitor's clock after hydration) opens it afresh.
      key={todayKey(now)}
      {...labelling}
      months={months}
      value={filters.day ? parseDate(filters.day) : null}
      onChange={(date) => filters.setDay(date ? date.toString() : null)}
      defaultFocusedValue={parseDate(opening)}
      isMarked={(d) => marked.has(d.toString())}
    />
  );
}
