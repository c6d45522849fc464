import { defineProjector } from '../../platform/processor/projector.js';
import type { PublishedReview, ReviewStatus } from '../../contracts/reviews/api.js';
import { HIDE_REASON_LABELS, type ReviewEvent } from '../../contracts/reviews/events.js';

export const REVIEWS = 'reviews';

/** One booking's review as the pages and the office read it; `asked` until the family answers. */
export interface ReviewDoc {
  [field: string]: unknown;
  id: string;
  enrollmentId: string;
  programId: string | null;
  workshopId: string;
  workshopTitle: string;
  instructor: string;
  status: ReviewStatus | 'asked';
  rating: number;
  /** The family's words and chosen name: blank once withdrawn, rebuilt as "Erased" after an erasure. */
  text: string;
  displayName: string;
  /** When answered ('' while asked): the pages' order, newest first. */
  submittedAt: string;
  reply: { text: string; repliedAt: string; repliedBy: string } | null;
  history: { at: string; what: string; by: string | null }[];
}

type Event = Exclude<ReviewEvent, { type: 'ReviewRequestEmailed' }>;

const logged = (doc: ReviewDoc, at: string, what: string, by: string | null = null): ReviewDoc['history'] => [
  ...doc.history,
  { at, what, by },
];

/**
 * `reviews`: every review asked for and given, one per booking (`review-<enrollmentId>`). The
 * program page lists the published ones, newest first, with the school's reply; the office sees
 * every one, whatever its stars, with its history (the reason a review was hidden, and by whom).
 * A withdrawn review keeps no words and no name.
 */
export const reviewsProjector = defineProjector<Event, ReviewDoc>({
  name: REVIEWS,
  collection: REVIEWS,
  indexes: [
    [{ field: 'programId' }, { field: 'status' }, { field: 'submittedAt', direction: 'desc' }],
    [{ field: 'submittedAt', direction: 'desc' }],
  ],
  eventTypes: ['ReviewRequested', 'ReviewSubmitted', 'ReviewHidden', 'ReviewReplied', 'ReviewWithdrawn'],
  keys: (event) => [event.data.enrollmentId],
  project(doc, e) {
    if (e.type === 'ReviewRequested') {
      if (doc) return undefined;
      const { enrollmentId, programId, workshopId, workshopTitle, instructor, requestedAt } = e.data;
      return {
        id: enrollmentId,
        enrollmentId,
        programId,
        workshopId,
        workshopTitle,
        instructor,
        status: 'asked',
        rating: 0,
        text: '',
        displayName: '',
        submittedAt: '',
        reply: null,
        history: [{ at: requestedAt, what: 'Asked for a review', by: null }],
      };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'ReviewSubmitted': {
        const { rating, text, displayName, publish, submittedAt } = e.data;
        const what = `Given, ${rating} of 5 stars, ${publish ? 'published' : 'kept private'}`;
        const status = publish ? 'published' : 'private';
        return { ...doc, rating, text, displayName, status, submittedAt, history: logged(doc, submittedAt, what) };
      }
      case 'ReviewHidden': {
        const { reason, hiddenBy, hiddenAt } = e.data;
        const what = `Hidden: ${HIDE_REASON_LABELS[reason]}`;
        return { ...doc, status: 'hidden', history: logged(doc, hiddenAt, what, hiddenBy) };
      }
      case 'ReviewReplied': {
        const { text, repliedAt, repliedBy } = e.data;
        return { ...doc, reply: { text, repliedAt, repliedBy }, history: logged(doc, repliedAt, 'Replied', repliedBy) };
      }
      case 'ReviewWithdrawn': {
        const { by, withdrawnAt } = e.data;
        const what = by === 'family' ? 'Withdrawn by the family' : "Withdrawn: the family's data was erased";
        return { ...doc, status: 'withdrawn', text: '', displayName: '', history: logged(doc, withdrawnAt, what) };
      }
    }
  },
});

/** The most a program page lists (newest first); the figures count every published review. */
export const PUBLISHED_LIST_MAX = 50;

/** A review as the program page shows it: no booking, no instructor's name, no moderator. */
export const toPublished = (doc: ReviewDoc): PublishedReview => ({
  rating: doc.rating,
  text: doc.text,
  displayName: doc.displayName,
  submittedAt: doc.submittedAt,
  workshopTitle: doc.workshopTitle,
  reply: doc.reply ? { text: doc.reply.text, repliedAt: doc.reply.repliedAt } : null,
});
