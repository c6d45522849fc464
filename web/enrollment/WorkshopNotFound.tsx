import { Link } from '../components/Link.js';

export function WorkshopNotFound() {
  return (
    <section className="container container--narrow section enroll-missing">
      <h1>Workshop Not Found</h1>
      <p className="lead">We could not find that workshop. It may have been removed or the link may be incomplete.</p>
      <Link href="/scheduling" variant="primary">
        View the schedule
      </Link>
    </section>
  );
}
