import type { AdminReview, InstructorReviews, PublishedReview } from '../../contracts/reviews/api.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { PUBLISHED_LIST_MAX, REVIEWS, toPublished, type ReviewDoc } from '../../projections/reviews/reviews.js';

/** A program's published reviews, newest first, each with the school's reply. */
export async function publishedReviews(store: ReadStore, programId: string): Promise<PublishedReview[]> {
  const { items } = await store.find<ReviewDoc>(REVIEWS, {
    where: { programId, status: 'published' },
    sort: [{ field: 'submittedAt', direction: 'desc' }],
    limit: PUBLISHED_LIST_MAX,
  });
  return items.map(({ doc }) => toPublished(doc));
}

/** Every review given (not those only asked for), whatever its stars or status, newest first: no filter by rating exists. */
export async function givenReviews(store: ReadStore, programTitles: Map<string, string>): Promise<AdminReview[]> {
  const { items } = await store.find<ReviewDoc>(REVIEWS, { sort: [{ field: 'submittedAt', direction: 'desc' }] });
  return items
    .map(({ doc }) => doc)
    .filter((doc): doc is ReviewDoc & { status: AdminReview['status'] } => doc.status !== 'asked')
    .map((doc) => ({
      id: doc.id,
      enrollmentId: doc.enrollmentId,
      programId: doc.programId,
      programTitle: doc.programId ? (programTitles.get(doc.programId) ?? null) : null,
      workshopId: doc.workshopId,
      workshopTitle: doc.workshopTitle,
      instructor: doc.instructor,
      rating: doc.rating,
      text: doc.text,
      displayName: doc.displayName,
      status: doc.status,
      submittedAt: doc.submittedAt,
      reply: doc.reply,
      history: doc.history,
    }));
}

/** Each instructor's reviews, every one given counted (hidden and withdrawn left out), for the owner. */
export function byInstructor(reviews: readonly AdminReview[]): InstructorReviews[] {
  const rows = new Map<string, InstructorReviews>();
  for (const r of reviews) {
    if (r.status === 'hidden' || r.status === 'withdrawn') continue;
    const row = rows.get(r.instructor) ?? {
      instructor: r.instructor,
      reviews: 0,
      average: null,
      published: 0,
      stars: [0, 0, 0, 0, 0],
    };
    row.reviews++;
    if (r.status === 'published') row.published++;
    row.stars[r.rating - 1]!++;
    row.average = Math.round((row.stars.reduce((sum, n, i) => sum + n * (i + 1), 0) / row.reviews) * 10) / 10;
    rows.set(r.instructor, row);
  }
  return [...rows.values()].sort((a, b) => a.instructor.localeCompare(b.instructor));
}
