import { useContext } from 'react';
import {
  Button as AriaButton,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
  Heading,
  type CalendarProps as AriaCalendarProps,
  type DateValue,
} from 'react-aria-components';
import { cx } from './cx.js';
import './Calendar.css';

export interface CalendarProps<T extends DateValue> extends Omit<
  AriaCalendarProps<T>,
  'visibleDuration' | 'children' | 'className'
> {
  /** How many months show side by side (stacked on narrow screens). */
  months?: 1 | 2;
  /** Days to decorate with a dot, e.g. days that have a workshop. */
  isMarked?: (date: DateValue) => boolean;
  className?: string;
}

const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

export function Calendar<T extends DateValue>({ months = 1, isMarked, className, ...props }: CalendarProps<T>) {
  return (
    <AriaCalendar
      {...props}
      visibleDuration={{ months }}
      className={cx('calendar', months === 2 && 'calendar--two', className)}
    >
      <header className="calendar__header">
        <AriaButton slot="previous" className="calendar__nav">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </AriaButton>
        {/* The range heading is what screen readers hear; the per-month captions are visual. */}
        <RangeHeading />
        <AriaButton slot="next" className="calendar__nav">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </AriaButton>
      </header>
      <div className="calendar__months">
        {Array.from({ length: months }, (_, offset) => (
          <div className="calendar__month" key={offset}>
            {/* One month: the range heading above already names it. */}
            {months > 1 && <MonthCaption offset={offset} />}
            <CalendarGrid offset={{ months: offset }} className="calendar__grid" weekdayStyle="short">
              <CalendarGridHeader>
                {(day) => <CalendarHeaderCell className="calendar__weekday">{day}</CalendarHeaderCell>}
              </CalendarGridHeader>
              <CalendarGridBody>
                {(date) => (
                  <CalendarCell date={date} className="calendar__cell">
                    {({ formattedDate }) => (
                      <>
                        <span>{formattedDate}</span>
                        {isMarked?.(date) && <span className="calendar__dot" aria-hidden="true" />}
                      </>
                    )}
                  </CalendarCell>
                )}
              </CalendarGridBody>
            </CalendarGrid>
          </div>
        ))}
      </div>
    </AriaCalendar>
  );
}

/**
 * The months shown, "June – July 2027". Written here rather than by Intl's formatRange, whose spaces
 * differ between ICU versions (thin spaces in Node's, plain ones in the browser's), which would make
 * the server's HTML and the browser's first render disagree.
 */
function RangeHeading() {
  const state = useContext(CalendarStateContext);
  if (!state) return <Heading className="calendar__range" />;
  const { start, end } = state.visibleRange;
  const from = start.toDate('UTC');
  const to = end.toDate('UTC');
  const text =
    start.year === end.year && start.month === end.month
      ? monthTitle.format(from)
      : start.year === end.year
        ? `${monthOnly.format(from)} – ${monthTitle.format(to)}`
        : `${monthTitle.format(from)} – ${monthTitle.format(to)}`;
  return <Heading className="calendar__range">{text}</Heading>;
}

function MonthCaption({ offset }: { offset: number }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const first = state.visibleRange.start.add({ months: offset });
  return (
    <p className="calendar__caption" aria-hidden="true">
      {monthTitle.format(first.toDate('UTC'))}
    </p>
  );
}
