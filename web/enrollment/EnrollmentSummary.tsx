import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { formatUsd, priceEnrollment, toCents } from '../../contracts/enrollment/money.js';
import { Badge } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { formatLongDate } from '../core/format.js';
import { workshopTime } from '../catalogue/workshopText.js';

/** The summary card next to the form: what is being booked and what it costs. */
export function EnrollmentSummary({ workshop, participants }: { workshop: Workshop; participants: number }) {
  const count = Number.isFinite(participants) && participants >= 1 ? Math.min(5, Math.floor(participants)) : 1;
  const unit = toCents(workshop.price);
  const { amountCents } = priceEnrollment(unit, count);
  return (
    <Card as="aside" className="enroll-summary" aria-labelledby="enroll-summary-title">
      <h2 id="enroll-summary-title" className="enroll-summary__title">
        {workshop.title}
      </h2>
      {workshop.attire && <Badge variant="accent">Attire: {workshop.attire}</Badge>}
      <dl className="enroll-summary__list">
        <div>
          <dt>Date &amp; time</dt>
          <dd>
            {formatLongDate(workshop.date)}
            <br />
            {workshopTime(workshop)}
          </dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{workshop.location}</dd>
        </div>
        <div>
          <dt>Instructor</dt>
          <dd>{workshop.instructor}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{workshop.duration}</dd>
        </div>
        <div>
          <dt>Price per participant</dt>
          <dd>{unit === 0 ? 'Free' : formatUsd(unit)}</dd>
        </div>
        <div>
          <dt>Participants</dt>
          <dd>{count}</dd>
        </div>
      </dl>
      <p className="enroll-summary__total" aria-live="polite">
        <span>Total</span>
        <strong>{amountCents === 0 ? 'Free' : formatUsd(amountCents)}</strong>
      </p>
      {workshop.spotsLeft <= 5 && workshop.spotsLeft > 0 && (
        <p className="enroll-summary__spots">
          Only {workshop.spotsLeft} {workshop.spotsLeft === 1 ? 'spot' : 'spots'} left.
        </p>
      )}
    </Card>
  );
}
