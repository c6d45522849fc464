import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { PublicLocation } from '../../contracts/locations/location.js';
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
/** Offerings by location, in the order of their first class: a program taught at several places (issue 41 item 4). */
function byLocation(offerings: Workshop[], locations: readonly PublicLocation[]) {
  const groups = new Map<string, Workshop[]>();
  for (const w of offerings) {
    const key = w.locationId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  return [...groups].map(([id, list]) => ({ id, name: locations.find((l) => l.id === id)?.name, list }));
}

export function UpcomingClasses({
  workshops,
  now,
  locations = [],
  ...of
}: Of & {
  workshops: readonly Workshop[];
  now: Date;
  /** The school's locations: a program's classes at several are grouped under each one's name. */
  locations?: readonly PublicLocation[];
}) {
  const offerings = upcomingOfferings(of, workshops, now);
  const headingId = of.program ? 'program-upcoming' : 'location-upcoming';
  const waitlistHref = of.program ? `/schedule?program=${encodeURIComponent(of.program.slug)}` : '/schedule';
  const groups = byLocation(offerings, locations);
  const list = (items: Workshop[], level: 'h3' | 'h4') => (
    <ul className="upcoming-classes__list">
      {items.map((w) => (
        <Offering key={w.id} w={w} now={now} waitlistHref={waitlistHref} level={level} />
      ))}
    </ul>
  );
  return (
    <section aria-labelledby={headingId} className="upcoming-classes">
      <h2 id={headingId}>Upcoming classes</h2>
      {offerings.length === 0 ? (
        <p>
          No upcoming classes — <Link href="/contact">ask us</Link> when the next one starts.
        </p>
      ) : groups.length > 1 && groups.every((g) => g.name) ? (
        groups.map((g) => (
          <section key={g.id} aria-labelledby={`upcoming-at-${g.id}`} className="upcoming-classes__place">
            <h3 id={`upcoming-at-${g.id}`}>At {g.name}</h3>
            {list(g.list, 'h4')}
          </section>
        ))
      ) : (
        list(offerings, 'h3')
      )}
    </section>
  );
}

function Offering({
  w,
  now,
  waitlistHref,
  level: Heading,
}: {
  w: Workshop;
  now: Date;
  waitlistHref: string;
  level: 'h3' | 'h4';
}) {
  const state = saleStateOf(w, now);
  const titleId = `upcoming-${w.id}`;
  return (
    <li className="upcoming-classes__item" aria-labelledby={titleId}>
      <Heading id={titleId} className="upcoming-classes__title">
        {w.title}
      </Heading>
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
}
