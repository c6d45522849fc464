import { z } from 'zod';
import { SessionSchema } from '../catalogue/sessions.js';
import { multiLineText, oneLineText } from '../core/text.js';
import { HideReasonSchema, RatingSchema } from './events.js';

/** The review link's token: `<enrollmentId>.<signature>` (service/core/signed-token.ts, purpose `review-link`). */
export const ReviewTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/);

export const REVIEW_TEXT_MAX = 2000;
export const DISPLAY_NAME_MAX = 60;

/**
 * POST /api/reviews/:token: the stars (1-5), the family's words and the name to publish them
 * under (both may be left out), and whether to publish at all.
 */
export const ReviewSubmissionSchema = z
  .object({
    rating: RatingSchema,
    text: multiLineText('Your review')
      .trim()
      .max(REVIEW_TEXT_MAX, `Your review must be at most ${REVIEW_TEXT_MAX} characters.`)
      .optional(),
    displayName: oneLineText('The name shown')
      .trim()
      .max(DISPLAY_NAME_MAX, `The name shown must be at most ${DISPLAY_NAME_MAX} characters.`)
      .optional(),
    publish: z.boolean({ error: 'Say whether to publish your review (true or false).' }),
  })
  .strict();
export type ReviewSubmission = z.infer<typeof ReviewSubmissionSchema>;

/** What became of a review, as the family, the school and the pages see it. */
export const REVIEW_STATUSES = ['published', 'private', 'hidden', 'withdrawn'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The family's own review, as its link shows it back. */
export const OwnReviewSchema = z.object({
  rating: z.number(),
  text: z.string(),
  displayName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: z.string(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/**
 * GET /api/reviews/:token: what the review is of (`program`, `workshop`, `sessions`), until when
 * the link works, the name it is published under unless another is given, and the review once
 * given.
 */
export const ReviewLinkViewSchema = z.object({
  program: z.object({ id: z.string(), title: z.string(), slug: z.string() }).nullable(),
  workshop: z.object({ id: z.string(), title: z.string(), instructor: z.string() }),
  sessions: z.array(SessionSchema),
  validUntil: z.string(),
  /** The contact's first name and last initial ("Harriet W."). */
  suggestedName: z.string(),
  review: OwnReviewSchema.nullable(),
});
export type ReviewLinkView = z.infer<typeof ReviewLinkViewSchema>;

/** The school's public reply under a review. */
export const ReviewReplySchema = z.object({ text: z.string(), repliedAt: z.string() });

/** GET /api/programs/:id/reviews: one published review, newest first, with the school's reply. */
export const PublishedReviewSchema = z.object({
  rating: z.number(),
  text: z.string(),
  displayName: z.string(),
  submittedAt: z.string(),
  workshopTitle: z.string(),
  reply: ReviewReplySchema.nullable(),
});
export type PublishedReview = z.infer<typeof PublishedReviewSchema>;

/** One line of a review's history, as the office reads it: what happened, when, by whom. */
export const ReviewHistoryEntrySchema = z.object({ at: z.string(), what: z.string(), by: z.string().nullable() });

/** GET /api/admin/reviews: every review given, whatever its stars, newest first. */
export const AdminReviewSchema = z.object({
  id: z.string(),
  enrollmentId: z.string(),
  programId: z.string().nullable(),
  programTitle: z.string().nullable(),
  workshopId: z.string(),
  workshopTitle: z.string(),
  instructor: z.string(),
  rating: z.number(),
  text: z.string(),
  displayName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: z.string(),
  reply: ReviewReplySchema.extend({ repliedBy: z.string() }).nullable(),
  history: z.array(ReviewHistoryEntrySchema),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListSchema = z.object({ reviews: z.array(AdminReviewSchema), total: z.number() });
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>;

/** POST /api/admin/reviews/:id/hide: only with one of the fixed reasons. */
export const HideReviewRequestSchema = z.object({ reason: HideReasonSchema }).strict();
/** POST /api/admin/reviews/:id/reply: the school's one public reply. */
export const ReplyToReviewRequestSchema = z
  .object({
    text: multiLineText('The reply', { error: 'Write the reply.' })
      .trim()
      .min(1, 'Write the reply.')
      .max(REVIEW_TEXT_MAX, `The reply must be at most ${REVIEW_TEXT_MAX} characters.`),
  })
  .strict();

/** GET /api/admin/reviews/instructors (the owner's): each instructor's reviews, all of them counted. */
export const InstructorReviewsSchema = z.object({
  instructor: z.string(),
  /** Every review given of their workshops, published or not (hidden and withdrawn ones left out). */
  reviews: z.number(),
  average: z.number().nullable(),
  published: z.number(),
  /** How many of each star, 1 to 5. */
  stars: z.array(z.number()).length(5),
});
export type InstructorReviews = z.infer<typeof InstructorReviewsSchema>;
