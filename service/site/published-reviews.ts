import type { PublishedReview } from '../../contracts/reviews/api.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { PUBLISHED_LIST_MAX, REVIEWS, toPublished, type ReviewDoc } from '../../projections/reviews/reviews.js';
import type { HotRead } from '../core/hot-reads.js';

/**
 * Every program's published reviews, newest first (at most PUBLISHED_LIST_MAX each, as `GET
 * /api/programs/:id/reviews`), by program id: the program pages' read. Here, not in
 * service/reviews: the site imports no slice that leads back to it.
 */
export const publishedReviewsRead = (store: ReadStore): HotRead<Map<string, PublishedReview[]>> => ({
  key: 'published-reviews',
  projections: [REVIEWS],
  async load() {
    const { items } = await store.find<ReviewDoc>(REVIEWS, {
      where: { status: 'published' },
      sort: [{ field: 'submittedAt', direction: 'desc' }],
    });
    const byProgram = new Map<string, PublishedReview[]>();
    for (const { doc } of items) {
      if (!doc.programId) continue;
      const list = byProgram.get(doc.programId) ?? [];
      if (list.length < PUBLISHED_LIST_MAX) list.push(toPublished(doc));
      byProgram.set(doc.programId, list);
    }
    return byProgram;
  },
});
