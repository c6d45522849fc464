import type { Session } from '../../contracts/catalogue/sessions.js';
import { sessionDayWords, timeRangeWords } from '../../contracts/catalogue/session-words.js';
import './SessionList.css';

/**
 * Every session of a course, on the school's clock: "Session 2 · Saturday, August 9 · 10:00 – 11:30 AM".
 * `from` greys out the sessions before a late joiner's first; `note` adds a word to one session.
 */
export function SessionList({
  sessions,
  from = 1,
  note,
  label = 'Sessions',
}: {
  sessions: readonly Session[];
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
            <time dateTime={s.startsAt}>{sessionDayWords(s)}</time>
            <span className="session-list__time">{timeRangeWords(s)}</span>
            {number < from && <span className="session-list__note">before you join</span>}
            {extra && <span className="session-list__note">{extra}</span>}
          </li>
        );
      })}
    </ol>
  );
}
