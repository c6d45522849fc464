import { useMemo, useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { Button } from '../components/Button.js';
import { Calendar } from '../components/Calendar.js';
import { formatDayKey, todayKey } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import { openingOf } from './scheduleFilters.js';
import { useAddressFilters } from './useAddressFilters.js';

export interface ScheduleDatePickerProps {
  /** The days that have an upcoming workshop ("2025-06-07"), marked with a dot. */
  markedDays: string[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The schedule's calendar card: pick a day to see only its workshops, or clear the day. */
export function ScheduleDatePicker({ markedDays, search }: ScheduleDatePickerProps) {
  const filters = useAddressFilters(search);
  const now = useVisitNow();
  const marked = useMemo(() => new Set(markedDays), [markedDays]);
  return (
    <section className="schedule__calendar-card" aria-labelledby="pick-date-title">
      <div className="schedule__calendar">
        <ScheduleCalendar
          // A new "today" (the visitor's clock after hydration) opens the calendar afresh.
          key={todayKey(now)}
          opening={openingOf(markedDays, now)}
          day={filters.day}
          onDayChange={filters.setDay}
          isMarked={(d) => marked.has(d.toString())}
        />
      </div>
      <div className="schedule__calendar-side">
        <h2 id="pick-date-title">Choose a Date</h2>
        <p>
          Days marked with a gold dot <span className="legend-dot" aria-hidden="true" /> have a workshop. Pick a day to
          see only what is on that date.
        </p>
        {filters.day && <p className="schedule__picked">Showing {formatDayKey(filters.day)}</p>}
        <Button variant="outline" isDisabled={!filters.day} onPress={() => filters.setDay(null)}>
          Clear Date Selection
        </Button>
      </div>
    </section>
  );
}

interface ScheduleCalendarProps {
  opening: string;
  day: string | null;
  onDayChange: (day: string | null) => void;
  isMarked: (date: CalendarDate) => boolean;
}

function ScheduleCalendar({ opening, day, onDayChange, isMarked }: ScheduleCalendarProps) {
  // The opening month is decided once, as the calendar first shows.
  const [openOn] = useState(() => parseDate(opening));
  return (
    <Calendar<CalendarDate>
      aria-label="Workshop dates"
      months={2}
      value={day ? parseDate(day) : null}
      onChange={(date) => onDayChange(date ? date.toString() : null)}
      defaultFocusedValue={openOn}
      isMarked={(d) => isMarked(d as CalendarDate)}
    />
  );
}
