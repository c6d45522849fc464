import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { formatLongDate } from '../core/format.js';
import { SpotsBadge } from './SpotsBadge.js';
import { JoinWaitlistButton } from '../waitlist/JoinWaitlistButton.js';
import { workshopPrice, workshopTime } from './workshopText.js';
import './WorkshopCard.css';

export function WorkshopCard({ workshop: w, onViewDetails }: { workshop: Workshop; onViewDetails: () => void }) {
  const titleId = `workshop-${w.id}-title`;
  const forTitle = <span className="sr-only"> for {w.title}</span>;
  return (
    <article className="workshop-card" aria-labelledby={titleId}>
      <header className="workshop-card__head">
        <h3 id={titleId} className="workshop-card__title">
          {w.title}
        </h3>
        <SpotsBadge spotsLeft={w.spotsLeft} />
      </header>
      <p className="workshop-card__when">
        <time dateTime={w.date}>{formatLongDate(w.date)}</time>
        <span className="workshop-card__time">{workshopTime(w)}</span>
      </p>
      <dl className="facts">
        <Fact label="Location" value={w.location} />
        <Fact label="Instructor" value={w.instructor} />
        <Fact label="Duration" value={w.duration} />
        <Fact label="Ages" value={w.ageRange} />
        <Fact label="Attire" value={w.attire} />
        <Fact label="Price" value={workshopPrice(w)} strong />
      </dl>
      {w.note && <p className="workshop-card__note">{w.note}</p>}
      <footer className="workshop-card__actions">
        <Button variant="outline" size="sm" onPress={onViewDetails}>
          View Details{forTitle}
        </Button>
        {w.spotsLeft === 0 ? (
          <JoinWaitlistButton workshop={w} />
        ) : (
          <Link href={`/enroll/${encodeURIComponent(w.id)}`} variant="primary" size="sm">
            Enroll Now{forTitle}
          </Link>
        )}
      </footer>
    </article>
  );
}

export function Fact({ label, value, strong }: { label: string; value?: string; strong?: boolean }) {
  if (!value) return null;
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd className={strong ? 'facts__strong' : undefined}>{value}</dd>
    </div>
  );
}
