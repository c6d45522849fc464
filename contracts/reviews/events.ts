import { z } from 'zod';
import { SessionSchema } from '../catalogue/sessions.js';
import type { DomainEvent } from '../core/events.js';
import { EnrollmentIdSchema } from '../enrollment/lookup.js';

/**
 * Events of the stream `review-<enrollmentId>`: one booking's review, asked once after its last
 * session when one of its children attended, answered once through the signed link, then hidden,
 * replied to or withdrawn. The family's words and the name it chose are sealed under the family's
 * key (`subjectId`, the data subject of the booking; contracts/privacy/trust.ts).
 */
export const reviewStream = (enrollmentId: string) => `review-${enrollmentId}`;
export const REVIEW_STREAM_PREFIX = 'review-';

const Instant = z.string().datetime({ offset: true });
/** The booking's data subject (a keyed hash, `household:<id>`…): a pseudonym, never a name or an address. */
const SubjectSchema = z.string().regex(/^[A-Za-z0-9_:-]{8,120}$/, 'is not a data subject id');

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export const RatingSchema = z
  .number({ error: 'Choose from 1 to 5 stars.' })
  .int('Choose from 1 to 5 stars.')
  .min(1, 'Choose from 1 to 5 stars.')
  .max(5, 'Choose from 1 to 5 stars.');

/**
 * Why the school may hide a published review: a fixed list, none of them its rating (16 CFR
 * 465.7 lets a business keep back reviews only for reasons unrelated to their rating or sentiment).
 */
export const HIDE_REASONS = ['personal-data', 'offensive', 'not-about-the-school', 'spam'] as const;
export const HideReasonSchema = z.enum(HIDE_REASONS, {
  error: 'Choose why: personal data, offensive, not about the school, or spam.',
});
export type HideReason = z.infer<typeof HideReasonSchema>;
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  'personal-data': 'Personal data',
  offensive: 'Offensive',
  'not-about-the-school': 'Not about the school',
  spam: 'Spam',
};

/**
 * The booking's last session ended and one of its children was marked present in some session
 * (a make-up counts): the family is asked, once, until `validUntil`. What the review is of is kept
 * as it was then: the program, the workshop, its instructor and its sessions.
 */
export const ReviewRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  workshopId: z.string().min(1),
  programId: z.string().min(1).nullable(),
  workshopTitle: z.string(),
  /** The workshop's instructor as the booking names it (issue 38 will make instructors records). */
  instructor: z.string(),
  sessions: z.array(SessionSchema),
  subjectId: SubjectSchema,
  lastSessionEndedAt: Instant,
  requestedAt: Instant,
  validUntil: Instant,
});

/** The e-mail asking for the review left (once: its Message-ID is the booking's). */
export const ReviewRequestEmailedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/**
 * The family answered: 1 to 5 stars, its words (may be empty), the name it is published under,
 * and whether it is published at all (`publish: false` is for the school's eyes only and counts
 * in no public figure).
 */
export const ReviewSubmittedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  programId: z.string().min(1).nullable(),
  workshopId: z.string().min(1),
  instructor: z.string(),
  rating: RatingSchema,
  text: z.string().max(2000),
  displayName: z.string().max(60),
  publish: z.boolean(),
  subjectId: SubjectSchema,
  submittedAt: Instant,
});

/** A published review that leaves the pages: the program whose figures it leaves, and its stars. */
const UnpublishedSchema = z.object({ programId: z.string().nullable(), rating: RatingSchema });

/** The school took a published review off its pages, for one of the fixed reasons, under the moderator's name. */
export const ReviewHiddenSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  unpublished: UnpublishedSchema.optional(),
  reason: HideReasonSchema,
  /** The administrator who hid it, as the audit trail names them. */
  hiddenBy: z.string().min(1).max(100),
  hiddenAt: Instant,
});

/** The school's one public reply, in its own name. */
export const ReviewRepliedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  text: z.string().min(1).max(2000),
  repliedBy: z.string().min(1).max(100),
  repliedAt: Instant,
});

/** The review is gone from every page and figure: the family withdrew it, or erased its data. */
export const ReviewWithdrawnSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** Present when the review was on the pages (published, not hidden): its figures go with it. */
  unpublished: UnpublishedSchema.optional(),
  by: z.enum(['family', 'erasure']),
  withdrawnAt: Instant,
});

export const reviewEventSchemas = {
  ReviewRequested: ReviewRequestedSchema,
  ReviewRequestEmailed: ReviewRequestEmailedSchema,
  ReviewSubmitted: ReviewSubmittedSchema,
  ReviewHidden: ReviewHiddenSchema,
  ReviewReplied: ReviewRepliedSchema,
  ReviewWithdrawn: ReviewWithdrawnSchema,
} as const;

export type ReviewRequested = z.infer<typeof ReviewRequestedSchema>;
export type ReviewRequestEmailed = z.infer<typeof ReviewRequestEmailedSchema>;
export type ReviewSubmitted = z.infer<typeof ReviewSubmittedSchema>;
export type ReviewHidden = z.infer<typeof ReviewHiddenSchema>;
export type ReviewReplied = z.infer<typeof ReviewRepliedSchema>;
export type ReviewWithdrawn = z.infer<typeof ReviewWithdrawnSchema>;

export type ReviewEvent =
  | DomainEvent<'ReviewRequested', ReviewRequested>
  | DomainEvent<'ReviewRequestEmailed', ReviewRequestEmailed>
  | DomainEvent<'ReviewSubmitted', ReviewSubmitted>
  | DomainEvent<'ReviewHidden', ReviewHidden>
  | DomainEvent<'ReviewReplied', ReviewReplied>
  | DomainEvent<'ReviewWithdrawn', ReviewWithdrawn>;
