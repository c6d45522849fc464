import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { InstructorReviews } from '../../contracts/reviews/api.js';
import { InstructorReviewsTable } from '../../web/admin/InstructorReviews.js';

/** Issue 40 item 3: the owner sees each instructor's reviews, counted, in the order of their names. */

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the owner’s reviews by instructor', () => {
  it('given two instructors’ reviews, when the table shows them, then each with the count, how many published, the average and each star’s count', () => {
    const rows: InstructorReviews[] = [
      { instructor: 'June Park', reviews: 1, average: 2, published: 0, stars: [0, 1, 0, 0, 0] },
      { instructor: 'Margaret Ellison', reviews: 3, average: 3.3, published: 2, stars: [1, 0, 0, 1, 1] },
    ];
    const html = renderToString(<InstructorReviewsTable rows={rows} />);
    expect(html).toContain('<th scope="row">June Park</th>');
    expect(text(html)).toContain(
      'Margaret Ellison 3 (2 published) 3.3 of 5 5 stars: 1, 4 stars: 1, 3 stars: 0, 2 stars: 0, 1 star: 1',
    );
    expect(text(html)).toContain('June Park 1 (0 published) 2.0 of 5');
  });

  it('given none, then it says so', () => {
    expect(text(renderToString(<InstructorReviewsTable rows={[]} />))).toContain('No reviews of any instructor yet.');
  });
});
