import { useId } from 'react';
import './StarRating.css';

export interface StarRatingProps {
  rating: number;
  reviews?: number;
  size?: 'sm' | 'md';
}

const STAR = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';

/**
 * Whole stars for the integer part and one half star when the rating has any fraction,
 * read out as a single phrase ("Rated 4.5 out of 5").
 */
export function StarRating({ rating, reviews, size = 'md' }: StarRatingProps) {
  const clipId = useId();
  const clamped = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(clamped);
  const half = clamped % 1 !== 0 && whole < 5;
  const label = `Rated ${clamped} out of 5`;
  return (
    <span className={`stars stars--${size}`}>
      <span role="img" aria-label={label} className="stars__icons">
        {Array.from({ length: 5 }, (_, i) => {
          const kind = i < whole ? 'full' : i === whole && half ? 'half' : 'empty';
          return (
            <svg key={i} viewBox="0 0 20 20" className={`star star--${kind}`} aria-hidden="true">
              {kind === 'half' && (
                <defs>
                  <clipPath id={`${clipId}-half`}>
                    <rect x="0" y="0" width="10" height="20" />
                  </clipPath>
                </defs>
              )}
              <path d={STAR} className="star__empty" />
              {kind !== 'empty' && (
                <path d={STAR} className="star__fill" clipPath={kind === 'half' ? `url(#${clipId}-half)` : undefined} />
              )}
            </svg>
          );
        })}
      </span>
      {reviews !== undefined && (
        <span className="stars__count">
          {clamped.toFixed(1)} ({reviews} {reviews === 1 ? 'review' : 'reviews'})
        </span>
      )}
    </span>
  );
}
