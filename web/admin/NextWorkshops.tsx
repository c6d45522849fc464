import { useQuery } from '@tanstack/react-query';
import type { DashboardDay, DayWorkshop } from '../../contracts/admin/dashboard.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { clock, day } from './adminFormat.js';
import './next-workshops.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The roster page of a workshop (its sign-in sheet, allergies and photo choices). */
export const rosterPath = (workshopId: string) => `/admin/workshops/${encodeURIComponent(workshopId)}/roster`;

function DayCard({ w }: { w: DayWorkshop }) {
  const full = w.seatsTaken >= w.capacity;
  return (
    <li className="day-card">
      <h3 className="day-card__title">
        <Link href={rosterPath(w.id)}>
          {w.title}
          <span className="sr-only">: roster</span>
        </Link>
      </h3>
      <p className="day-card__when">
        <time dateTime={w.date}>
          {day(w.date)}, {clock(w.date)}
        </time>
      </p>
      <dl className="day-card__figures">
        <div>
          <dt>Seats</dt>
          <dd>
            {w.seatsTaken} of {w.capacity} {full && <Badge variant="navy">full</Badge>}
          </dd>
        </div>
        <div>
          <dt>Waitlist</dt>
          <dd>{plural(w.waitlist, 'waiting', 'waiting')}</dd>
        </div>
        <div>
          <dt>Allergies</dt>
          <dd>
            {w.allergies > 0 ? (
              <Badge variant="danger">{plural(w.allergies, 'participant')}</Badge>
            ) : (
              <span className="day-card__none">none noted</span>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * The dashboard for the day: the next workshops, each linking to its roster. For an instructor the
 * server lists only the workshops they teach, and the words say so.
 */
export function NextWorkshops({ own = false }: { own?: boolean }) {
  const next = useQuery({
    queryKey: queryKeys.adminDashboardDay(),
    queryFn: adminQueryFn as () => Promise<DashboardDay>,
  });
  return (
    <section aria-labelledby="next-workshops-heading" className="next-workshops">
      <h2 id="next-workshops-heading" className="admin-section-title">
        {own ? 'Your next workshops' : 'Next workshops'}
      </h2>
      {next.isPending && <Spinner label="Loading the next workshops…" showLabel />}
      {next.isError && (
        <div role="alert" className="admin-error">
          <p>The next workshops could not be loaded.</p>
          <Button variant="outline" onPress={() => void next.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {next.data &&
        (next.data.workshops.length === 0 ? (
          <p className="day-card__none">
            {own ? 'None of the next workshops names you as its instructor.' : 'No workshops are scheduled.'}
          </p>
        ) : (
          <ul className="next-workshops__list" aria-labelledby="next-workshops-heading">
            {next.data.workshops.map((w) => (
              <DayCard key={w.id} w={w} />
            ))}
          </ul>
        ))}
    </section>
  );
}
