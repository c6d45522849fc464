import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { reviewDecider, type ReviewCommand } from '../../../service/reviews/review-decider.js';
import type { ReviewEvent, ReviewRequested, ReviewSubmitted } from '../../../contracts/reviews/events.js';
import { HideReviewRequestSchema } from '../../../contracts/reviews/api.js';

const given = deciderSpec(reviewDecider);

const request: ReviewRequested = {
  enrollmentId: 'e1',
  workshopId: '6',
  programId: '9',
  workshopTitle: 'Etiquette After Dark - Dinner',
  instructor: 'Margaret Ellison',
  sessions: [{ startsAt: '2025-07-19T19:00:00-05:00', endsAt: '2025-07-19T21:00:00-05:00' }],
  subjectId: 'household:h-1',
  lastSessionEndedAt: '2025-07-20T02:00:00.000Z',
  requestedAt: '2025-07-20T02:03:00.000Z',
  validUntil: '2025-09-18T02:03:00.000Z',
};
const requested: ReviewEvent = { type: 'ReviewRequested', data: request };
const AT = '2025-07-21T10:00:00.000Z';

const submit = (o: Partial<Extract<ReviewCommand, { type: 'SubmitReview' }>> = {}): ReviewCommand => ({
  type: 'SubmitReview',
  rating: 5,
  text: 'Our son still talks about the dinner.',
  displayName: 'Ada L.',
  publish: true,
  at: AT,
  ...o,
});
const review = (o: Partial<ReviewSubmitted> = {}): ReviewSubmitted => ({
  enrollmentId: 'e1',
  programId: '9',
  workshopId: '6',
  instructor: 'Margaret Ellison',
  rating: 5,
  text: 'Our son still talks about the dinner.',
  displayName: 'Ada L.',
  publish: true,
  subjectId: 'household:h-1',
  submittedAt: AT,
  ...o,
});
const submitted = (o: Partial<ReviewSubmitted> = {}): ReviewEvent => ({ type: 'ReviewSubmitted', data: review(o) });
const hidden: ReviewEvent = {
  type: 'ReviewHidden',
  data: {
    enrollmentId: 'e1',
    unpublished: { programId: '9', rating: 5 },
    reason: 'spam',
    hiddenBy: 'Owner',
    hiddenAt: AT,
  },
};
const withdrawn = (by: 'family' | 'erasure', published = false): ReviewEvent => ({
  type: 'ReviewWithdrawn',
  data: {
    enrollmentId: 'e1',
    ...(published ? { unpublished: { programId: '9', rating: 5 } } : {}),
    by,
    withdrawnAt: AT,
  },
});

describe('review decider: who may review', () => {
  it('given a booking never asked (nobody attended), when a review is submitted, then it is refused: no attendance, no review', () => {
    given([])
      .when(submit())
      .thenThrows({ refusal: { code: 'review_not_asked' } });
  });

  it('given an ask, when the family answers, then ReviewSubmitted carries its stars, words and what the review is of', () => {
    given([requested]).when(submit()).then([submitted()]);
  });

  it('given an answered review, when the link answers again, then it is refused: one review per booking', () => {
    given([requested, submitted()])
      .when(submit({ rating: 1 }))
      .thenThrows({ refusal: { code: 'review_already_given' } });
  });

  it('given an ask 60 days old, when the family answers after validUntil, then the link has expired', () => {
    given([requested])
      .when(submit({ at: '2025-09-18T02:03:00.001Z' }))
      .thenThrows({ refusal: { code: 'review_link_expired', validUntil: request.validUntil } });
  });

  it('given an ask, when the booking is asked again, then nothing is recorded: once per booking', () => {
    given([]).when({ type: 'RequestReview', request }).then([requested]);
    given([requested]).when({ type: 'RequestReview', request }).then([]);
  });

  it('given an ask, when its e-mail is recorded twice, then only the first counts', () => {
    const email: ReviewCommand = { type: 'RecordReviewRequestEmail', messageId: 'm1', transport: 'outbox', at: AT };
    given([requested])
      .when(email)
      .then([
        {
          type: 'ReviewRequestEmailed',
          data: { enrollmentId: 'e1', messageId: 'm1', transport: 'outbox', sentAt: AT },
        },
      ]);
    given([
      requested,
      { type: 'ReviewRequestEmailed', data: { enrollmentId: 'e1', messageId: 'm1', transport: 'outbox', sentAt: AT } },
    ])
      .when(email)
      .then([]);
  });
});

describe('review decider: moderation by the office', () => {
  it('given a published review, when hidden with a reason, then ReviewHidden records the reason and who hid it', () => {
    given([requested, submitted()]).when({ type: 'HideReview', reason: 'spam', by: 'Owner', at: AT }).then([hidden]);
  });

  it('when hiding is asked without a reason or with one off the fixed list (its rating), then the request is refused naming the field', () => {
    expect(HideReviewRequestSchema.safeParse({}).error?.issues[0]?.path).toEqual(['reason']);
    expect(HideReviewRequestSchema.safeParse({ reason: 'low-rating' }).success).toBe(false);
  });

  it('given a review kept private by the family, or hidden already, when hidden, then refused: only a published one can be', () => {
    given([requested, submitted({ publish: false })])
      .when({ type: 'HideReview', reason: 'spam', by: 'Owner', at: AT })
      .thenThrows({ refusal: { code: 'review_not_published', status: 'private' } });
    given([requested, submitted(), hidden])
      .when({ type: 'HideReview', reason: 'offensive', by: 'Owner', at: AT })
      .thenThrows({ refusal: { code: 'review_not_published', status: 'hidden' } });
  });

  it('given a published review, when the school replies twice, then the second is refused: one public reply', () => {
    const reply: ReviewCommand = { type: 'ReplyToReview', text: 'Thank you!', by: 'Owner', at: AT };
    const replied: ReviewEvent = {
      type: 'ReviewReplied',
      data: { enrollmentId: 'e1', text: 'Thank you!', repliedBy: 'Owner', repliedAt: AT },
    };
    given([requested, submitted()]).when(reply).then([replied]);
    given([requested, submitted(), replied])
      .when(reply)
      .thenThrows({ refusal: { code: 'review_reply_exists' } });
  });

  it('given a review, when the family withdraws it, then it is withdrawn and cannot be answered again', () => {
    given([requested, submitted()])
      .when({ type: 'WithdrawReview', by: 'family', at: AT })
      .then([withdrawn('family', true)]);
    given([requested, submitted(), hidden])
      .when({ type: 'WithdrawReview', by: 'family', at: AT })
      .then([withdrawn('family')]);
    given([requested, submitted(), withdrawn('family')])
      .when(submit())
      .thenThrows({ refusal: { code: 'review_withdrawn' } });
  });

  it('given an unanswered ask, when the family is erased, then the ask is withdrawn; erased again, nothing more', () => {
    given([requested])
      .when({ type: 'WithdrawReview', by: 'erasure', at: AT })
      .then([withdrawn('erasure')]);
    given([requested, withdrawn('erasure')])
      .when({ type: 'WithdrawReview', by: 'erasure', at: AT })
      .then([]);
    given([]).when({ type: 'WithdrawReview', by: 'erasure', at: AT }).then([]);
  });
});
