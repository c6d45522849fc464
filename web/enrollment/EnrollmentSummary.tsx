import type { ReactNode } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { formatUsd, sessionShareWords, toCents, type PricedEnrollment } from '../../contracts/enrollment/money.js';
import { courseDatesInWords, sessionCountWords } from '../../contracts/catalogue/session-words.js';
import { SessionList } from '../catalogue/SessionList.js';
import { Badge } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { formatLongDate } from '../core/format.js';
import { workshopTime } from '../catalogue/workshopText.js';
import { PriceLines } from '../pricing/PriceLines.js';

/**
 * The summary card next to the form: what is being booked and what it costs, line by line (the
 * seats or group price, the sibling discount, the code, the gift card, the deposit now and the
 * balance later), as the one pricing rule answers for what the form holds.
 */
export function EnrollmentSummary({
  workshop,
  participants,
  pricing,
  balanceDueAt,
  plan,
}: {
  workshop: Workshop;
  participants: number;
  pricing: PricedEnrollment;
  balanceDueAt: string | null;
  /** Paying in full or in instalments, when the workshop offers a plan now. */
  plan?: ReactNode;
}) {
  const count = Number.isFinite(participants) && participants >= 1 ? Math.min(5, Math.floor(participants)) : 1;
  const unit = toCents(workshop.price);
  const { tier, proRata, subtotalCents } = pricing;
  const course = workshop.sessions.length > 1;
  const tiers = workshop.priceTiers ?? [];
  return (
    <Card as="aside" className="enroll-summary" aria-labelledby="enroll-summary-title">
      <h2 id="enroll-summary-title" className="enroll-summary__title">
        {workshop.title}
      </h2>
      {workshop.attire && <Badge variant="accent">Attire: {workshop.attire}</Badge>}
      <dl className="enroll-summary__list">
        {course ? (
          <div>
            <dt>{sessionCountWords(workshop.sessions.length)}</dt>
            <dd>
              {courseDatesInWords(workshop.sessions, workshop.timeZone)}
              <SessionList
                sessions={workshop.sessions}
                timeZone={workshop.timeZone}
                from={proRata ? workshop.sessions.length - proRata.left + 1 : 1}
                label={`Every session of ${workshop.title}`}
              />
            </dd>
          </div>
        ) : (
          <div>
            <dt>Date &amp; time</dt>
            <dd>
              {formatLongDate(workshop.date, workshop.timeZone)}
              <br />
              {workshopTime(workshop)}
            </dd>
          </div>
        )}
        <SummaryFact label="Location" value={workshop.location} />
        <SummaryFact label="Instructor" value={workshop.instructor} />
        <SummaryFact label="Duration" value={workshop.duration} />
        <div>
          <dt>Price per participant</dt>
          <dd>{unit === 0 ? 'Free' : formatUsd(unit)}</dd>
        </div>
        {tiers.length > 0 && (
          <div>
            <dt>Group prices</dt>
            <dd>
              {tiers
                .map((t) => `${t.participants} participants: ${formatUsd(toCents(t.totalPrice))} in all`)
                .join('; ')}
            </dd>
          </div>
        )}
        <div>
          <dt>Participants</dt>
          <dd>{count}</dd>
        </div>
      </dl>
      {tier && (
        <p className="enroll-summary__tier">
          Group price for {tier.participants} applied: {formatUsd(tier.totalCents)} instead of {formatUsd(unit * count)}
          .
        </p>
      )}
      {proRata && (
        <p className="enroll-summary__tier">
          Joining late: {sessionShareWords(proRata)}, priced pro rata ({formatUsd(subtotalCents)} instead of{' '}
          {formatUsd(tier ? tier.totalCents : unit * count)}).
        </p>
      )}
      <div className="enroll-summary__price" aria-live="polite">
        <PriceLines pricing={pricing} balanceDueAt={balanceDueAt} />
      </div>
      {(workshop.depositCents ?? 0) > 0 && pricing.balanceCents > 0 && (
        <p className="enroll-summary__tier">
          A deposit of {formatUsd(workshop.depositCents!)} per participant books your place; the rest is due later.
        </p>
      )}
      {plan}
      {workshop.spotsLeft <= 5 && workshop.spotsLeft > 0 && (
        <p className="enroll-summary__spots">
          Only {workshop.spotsLeft} {workshop.spotsLeft === 1 ? 'spot' : 'spots'} left.
        </p>
      )}
    </Card>
  );
}

/** A fact of the workshop; one the school left blank is left out rather than shown as a bare label. */
function SummaryFact({ label, value }: { label: string; value: string | undefined }) {
  if (!value?.trim()) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
