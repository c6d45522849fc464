import { useQuery } from '@tanstack/react-query';
import type { InstructorReviews } from '../../contracts/reviews/api.js';
import { Spinner } from '../components/Spinner.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import './instructor-reviews.css';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Each instructor's reviews (issue 40, the owner's alone: GET /api/admin/reviews/instructors):
 * every review given of their workshops counted, published or kept private, hidden and withdrawn
 * ones left out, and how many of each star. Sorted by name: nothing is ordered by rating.
 */
export function InstructorReviewsTable({ rows }: { rows: readonly InstructorReviews[] }) {
  if (rows.length === 0) return <p>No reviews of any instructor yet.</p>;
  return (
    <div className="instructor-reviews-scroll">
      <table className="instructor-reviews">
        <caption className="sr-only">Reviews by instructor</caption>
        <thead>
          <tr>
            <th scope="col">Instructor</th>
            <th scope="col">Reviews</th>
            <th scope="col">Average</th>
            <th scope="col">Stars given</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.instructor}>
              <th scope="row">{r.instructor || 'No instructor named'}</th>
              <td>{`${r.reviews} (${r.published} published)`}</td>
              <td>{r.average === null ? '—' : `${r.average.toFixed(1)} of 5`}</td>
              <td>{[5, 4, 3, 2, 1].map((stars) => `${count(stars, 'star')}: ${r.stars[stars - 1]}`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The owner's section of the Reviews tab. */
export function InstructorReviewsSection() {
  const rows = useQuery({
    queryKey: queryKeys.adminReviewsByInstructor(),
    queryFn: adminQueryFn as () => Promise<InstructorReviews[]>,
  });
  return (
    <section aria-labelledby="instructor-reviews-heading">
      <h3 id="instructor-reviews-heading">By instructor</h3>
      {rows.isPending && <Spinner label="Loading reviews by instructor…" showLabel />}
      {rows.isError && (
        <p role="alert" className="admin-error">
          The reviews by instructor could not be loaded.
        </p>
      )}
      {rows.data && <InstructorReviewsTable rows={rows.data} />}
    </section>
  );
}
