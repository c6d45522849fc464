import type { Session } from '../../contracts/catalogue/sessions.js';
import { sessionDayWords, timeRangeWords } from '../../contracts/catalogue/session-words.js';
import './SessionList.css';

/**
 * Every session of a course, on the school's clock (or its location's): "Session 2 · Saturday, August 9 · 10:00 – 11:30 AM".
 * `from` greys out the sessions before a late joiner's first; `note` adds a word to one session.
 */
export function SessionList({
  sessions,
  from = 1,
  note,
  label = 'Sessions',
  timeZone,
}: {
  sessions: readonly Session[];
  /** The workshop's location's zone when not the school's (issue 41): its times then say which. */
  timeZone?: string | undefined;
  from?: number;
  note?: (session: number) => string | null;
  label?: string;
}) {
  return (
    <ol className="session-list" aria-label={label}>
      {sessions.map((s, i) => {
        const number = i + 1;
        const extra = note?.(number);
        return (
          <li
            key={s.startsAt}
            className={number < from ? 'session-list__item session-list__item--before' : 'session-list__item'}
          >
            <span className="session-list__number">Session {number}</span>
            <time dateTime={s.startsAt}>{sessionDayWords(s, timeZone)}</time>
            <span className="session-list__time">{timeRangeWords(s, timeZone)}</span>
            {number < from && <span className="session-list__note">before you join</span>}
            {extra && <span className="session-list__note">{extra}</span>}
          </li>
        );
      })}
    </ol>
  );
}
