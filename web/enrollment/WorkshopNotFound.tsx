import { Link } from '../components/Link.js';
import './EnrollmentMissing.css';
import { PageHead } from '../layout/PageHead.js';

export function WorkshopNotFound() {
  return (
    <section className="container container--narrow section enroll-missing">
      {/* No canonical address: one render of this page serves every workshop id that is not there. */}
      <PageHead
        page="Workshop Not Found"
        path={null}
        description="We could not find that workshop. It may have been removed or the link may be incomplete."
      />
      <h1>Workshop Not Found</h1>
      <p className="lead">We could not find that workshop. It may have been removed or the link may be incomplete.</p>
      <Link href="/scheduling" variant="primary">
        View the schedule
      </Link>
    </section>
  );
}
