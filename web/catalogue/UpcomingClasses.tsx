import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { courseDatesInWords, sessionCountWords } from '../../contracts/catalogue/session-words.js';
import { Link } from '../components/Link.js';
import { saleStateOf } from './saleState.js';
import { workshopPrice } from './workshopText.js';
import './UpcomingClasses.css';

/** Whose upcoming classes: a program's, or a location's (issue 41 item 4). */
type Of = { program: Pick<Program, 'id' | 'slug'>; location?: never } | { location: { id: string }; program?: never };

/** The offerings of a program (or at a location) a parent can still buy or wait for: open ones, and full ones with a waitlist. */
export function upcomingOfferings(of: Of, workshops: readonly Workshop[], now: Date): Workshop[] {
  return workshops
    .filter((w) => (of.program ? w.programId === of.program.id : w.locationId === of.location.id))
    .filter((w) => {
      const state = saleStateOf(w, now);
      return state === 'open' || state === 'full';
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

const seatsWords = (n: number) => (n === 0 ? 'Full' : `${n} ${n === 1 ? 'seat' : 'seats'} left`);

/**
 * The program page's "Upcoming classes": every offering open or with a waitlist, with its dates
 * in words (school time), seats left and price, each with Enroll Now, or Join the Waitlist on the
 * schedule (where the waitlist form is); "No upcoming classes — ask us" when there is none.
 */
export function UpcomingClasses({
  workshops,
  now,
  ...of
}: Of & {
  workshops: readonly Workshop[];
  now: Date;
}) {
  const offerings = upcomingOfferings(of, workshops, now);
  const headingId = of.program ? 'program-upcoming' : 'location-upcoming';
  const waitlistHref = of.program ? `/schedule?program=${encodeURIComponent(of.program.slug)}` : '/schedule';
  return (
    <section aria-labelledby={headingId} className="upcoming-classes">
      <h2 id={headingId}>Upcoming classes</h2>
      {offerings.length === 0 ? (
        <p>
          No upcoming classes — <Link href="/contact">ask us</Link> when the next one starts.
        </p>
      ) : (
        <ul className="upcoming-classes__list">
          {offerings.map((w) => {
            const state = saleStateOf(w, now);
            const titleId = `upcoming-${w.id}`;
            return (
              <li key={w.id} className="upcoming-classes__item" aria-labelledby={titleId}>
                <h3 id={titleId} className="upcoming-classes__title">
                  {w.title}
                </h3>
                <p className="upcoming-classes__when">{courseDatesInWords(w.sessions, w.timeZone)}</p>
                <p className="upcoming-classes__facts">
                  {w.sessions.length > 1 && <span>{sessionCountWords(w.sessions.length)}</span>}
                  <span>{seatsWords(w.spotsLeft)}</span>
                  <strong>{workshopPrice(w)}</strong>
                </p>
                {state === 'open' ? (
                  <Link href={`/enroll/${encodeURIComponent(w.id)}`} variant="primary" size="sm">
                    Enroll Now
                    <span className="sr-only">
                      {' '}
                      for {w.title}, {courseDatesInWords(w.sessions, w.timeZone)}
                    </span>
                  </Link>
                ) : (
                  <Link href={waitlistHref} variant="outline" size="sm">
                    Join the Waitlist<span className="sr-only"> for {w.title}</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
