import { useQuery } from '@tanstack/react-query';
import type { Program } from '../../contracts/catalogue/program.js';
import type { PublishedReview } from '../../contracts/reviews/api.js';
import { StarRating } from '../components/StarRating.js';
import { formatLongDate } from '../core/format.js';
import { queryKeys } from '../core/queryKeys.js';
import './ProgramReviews.css';

/** Where the stars come from, said beside them: the families' reviews here, and any imported baseline with its source. */
export function RatingSource({ program }: { program: Program }) {
  const base = program.importedRatings;
  if (program.rating === null) return null;
  const here = program.reviews - (base?.count ?? 0);
  const parts = [
    here > 0 ? `${here} ${here === 1 ? 'review' : 'reviews'} from families who attended` : null,
    base ? `${base.count} ${base.source}` : null,
  ].filter(Boolean);
  return <p className="rating-source">From {parts.join(' and ')}.</p>;
}

/**
 * A program's published reviews, newest first, each with the school's reply: every published one
 * (the figures count the same), from families asked after their child attended.
 */
export function ProgramReviews({ slug }: { slug: string }) {
  const reviews = useQuery<PublishedReview[]>({ queryKey: queryKeys.programReviews(slug), retryOnMount: false });
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="program-reviews" className="program-reviews">
      <h2 id="program-reviews">Reviews</h2>
      <p className="program-reviews__note">
        Only families whose child attended are asked, once per booking, after the last session. Every review they
        publish is shown here, newest first.
      </p>
      {list.length === 0 ? (
        <p>No reviews published yet.</p>
      ) : (
        <ol className="program-reviews__list">
          {list.map((review) => (
            <li key={`${review.submittedAt}-${review.displayName}`} className="program-review">
              <article>
                <header className="program-review__head">
                  <StarRating rating={review.rating} size="sm" />
                  <span className="program-review__by">
                    {review.displayName},{' '}
                    <time dateTime={review.submittedAt}>{formatLongDate(review.submittedAt)}</time>
                  </span>
                </header>
                <p className="program-review__workshop">{review.workshopTitle}</p>
                {review.text && <p className="program-review__text keep-lines">{review.text}</p>}
                {review.reply && (
                  <div className="program-review__reply">
                    <p className="program-review__reply-by">The school replied:</p>
                    <p className="keep-lines">{review.reply.text}</p>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
