import type { Testimonial } from './testimonials.js';
import './Testimonials.css';

/** `pairs` lays four quotes out two by two instead of leaving one alone on a row. */
export function Testimonials({ items, layout = 'row' }: { items: readonly Testimonial[]; layout?: 'row' | 'pairs' }) {
  return (
    <ul className={layout === 'pairs' ? 'testimonials testimonials--pairs' : 'testimonials'}>
      {items.map((t) => (
        <li key={t.name} className="testimonial">
          <figure>
            <svg className="testimonial__mark" viewBox="0 0 32 24" width="32" height="24" aria-hidden="true">
              <path
                d="M0 24V14C0 6 4 1.5 12 0l1.5 3C9 4.5 7 7.5 7 11h6v13zm18 0V14c0-8 4-12.5 12-14l1.5 3C27 4.5 25 7.5 25 11h6v13z"
                fill="currentColor"
              />
            </svg>
            <blockquote className="testimonial__quote">
              <p>{t.quote}</p>
            </blockquote>
            <figcaption className="testimonial__by">
              <span className="testimonial__name">{t.name}</span>
              <span className="testimonial__role">{t.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
