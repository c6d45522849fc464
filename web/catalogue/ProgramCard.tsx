import type { Program } from '../../contracts/catalogue/program.js';
import { Badge } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { StarRating } from '../components/StarRating.js';
import { formatMoney } from '../core/format.js';
import { PRIVATE_LESSONS_MAILTO } from './programLinks.js';
import { ProgramImage } from './ProgramImage.js';
import { programLengthWords } from './programLength.js';
import { island } from '../core/island.js';
import { ProgramCardShare } from './ProgramCardShare.js';
import './ProgramCard.css';

// Most cards are below the fold: each one's share buttons hydrate as the card nears the screen.
const ProgramCardShareIsland = island('ProgramCardShare', ProgramCardShare, { hydrate: 'visible' });

export function ProgramCard({ program }: { program: Program }) {
  const detailHref = `/program/${program.slug}`;
  const forTitle = <span className="sr-only"> for {program.title}</span>;
  const length = program.isPrivate ? null : programLengthWords(program.duration);
  return (
    <Card
      as="article"
      interactive
      padded={false}
      className="program-card"
      aria-labelledby={`program-${program.id}-title`}
    >
      <ProgramImage program={program} className="program-card__img" />
      <div className="program-card__body">
        <div className="program-card__meta">
          <Badge variant="accent">{program.category}</Badge>
          <span className="program-card__price">{formatMoney(program.price)}</span>
        </div>
        <h3 id={`program-${program.id}-title`} className="program-card__title">
          {program.title}
        </h3>
        {length && <p className="program-card__length">{length}</p>}
        <p className="program-card__desc">{program.description}</p>
        {/* Below REVIEWS_MIN_COUNT ratings in all, no stars (issue 40). */}
        {program.rating !== null && <StarRating rating={program.rating} reviews={program.reviews} size="sm" />}
        <div className="program-card__actions">
          <Link href={detailHref} variant="outline" size="sm">
            View Program Details{forTitle}
          </Link>
          {program.isPrivate ? (
            <Link href={PRIVATE_LESSONS_MAILTO} variant="primary" size="sm">
              Contact for Details{forTitle}
            </Link>
          ) : (
            <Link href="/schedule" variant="primary" size="sm">
              Enroll Now{forTitle}
            </Link>
          )}
        </div>
        <div className="program-card__share">
          <span className="program-card__share-label" aria-hidden="true">
            Share
          </span>
          <ProgramCardShareIsland slug={program.slug} title={program.title} />
        </div>
      </div>
    </Card>
  );
}

/** Same footprint as a card, so the grid does not jump when the data arrives. */
export function ProgramCardSkeleton() {
  return (
    <div className="program-card program-card--skeleton" aria-hidden="true">
      <div className="program-card__img skeleton" />
      <div className="program-card__body">
        <div className="skeleton skeleton--line" style={{ width: '40%' }} />
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" style={{ width: '60%' }} />
      </div>
    </div>
  );
}
