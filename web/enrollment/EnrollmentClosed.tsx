import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { enrollmentClosedMessage } from '../../contracts/catalogue/sales-window.js';
import { Link } from '../components/Link.js';
import './EnrollmentMissing.css';

/** The enroll page of a workshop that no longer takes enrollments: why, and where to look instead. */
export function EnrollmentClosed({ workshop, now }: { workshop: Workshop; now: Date }) {
  return (
    <section className="container container--narrow section enroll-missing">
      <span className="eyebrow">Enrollment</span>
      <h1>Enrollment Closed</h1>
      <p className="lead">{enrollmentClosedMessage(workshop, now)}</p>
      <div className="button-row">
        <Link href="/schedule" variant="primary">
          View the schedule
        </Link>
        <Link href="/events" variant="outline">
          Past and upcoming events
        </Link>
      </div>
    </section>
  );
}
