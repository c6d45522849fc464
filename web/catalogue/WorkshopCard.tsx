import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { formatLongDate } from '../core/format.js';
import { courseDatesInWords, sessionCountWords } from '../../contracts/catalogue/session-words.js';
import { saleStateOf } from './saleState.js';
import { StatusBadge } from './SpotsBadge.js';
import { WorkshopAction } from './WorkshopAction.js';
import { workshopPrice, workshopTime } from './workshopText.js';
import './WorkshopCard.css';

export function WorkshopCard({
  workshop: w,
  now,
  onViewDetails,
}: {
  workshop: Workshop;
  /** The moment the page decides open, full or closed on. */
  now: Date;
  onViewDetails: () => void;
}) {
  const titleId = `workshop-${w.id}-title`;
  const forTitle = <span className="sr-only"> for {w.title}</span>;
  const state = saleStateOf(w, now);
  return (
    <article className="workshop-card" aria-labelledby={titleId}>
      <header className="workshop-card__head">
        <h3 id={titleId} className="workshop-card__title">
          {w.title}
        </h3>
        <StatusBadge state={state} spotsLeft={w.spotsLeft} />
      </header>
      {w.sessions.length > 1 ? (
        <p className="workshop-card__when">
          <time dateTime={w.date}>{courseDatesInWords(w.sessions, w.timeZone)}</time>
          <span className="workshop-card__time">{sessionCountWords(w.sessions.length)}</span>
        </p>
      ) : (
        <p className="workshop-card__when">
          <time dateTime={w.date}>{formatLongDate(w.date, w.timeZone)}</time>
          <span className="workshop-card__time">{workshopTime(w)}</span>
        </p>
      )}
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
        <WorkshopAction workshop={w} state={state} size="sm" labelled />
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
