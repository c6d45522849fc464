import type {
  HideReason,
  ReviewEvent,
  ReviewHidden,
  ReviewReplied,
  ReviewRequested,
  ReviewSubmitted,
} from '../../contracts/reviews/events.js';
import type { ReviewStatus } from '../../contracts/reviews/api.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

/** Nothing asked of this booking. */
type NotAsked = { phase: 'none' };
/** Asked (and e-mailed, once `emailed`): the link answers until `request.validUntil`. */
type Asked = { phase: 'asked'; request: ReviewRequested; emailed: boolean };
/** Answered: what the family said, and what the school did with it. */
type Given = {
  phase: 'given';
  request: ReviewRequested;
  emailed: boolean;
  review: ReviewSubmitted;
  hidden: ReviewHidden | null;
  reply: ReviewReplied | null;
};
/** Withdrawn by the family or by its erasure (answered or not): on no page and in no figure. */
type Withdrawn = { phase: 'withdrawn'; request: ReviewRequested; emailed: boolean; review: ReviewSubmitted | null };

export type ReviewState = NotAsked | Asked | Given | Withdrawn;

export type ReviewCommand =
  | { type: 'RequestReview'; request: ReviewRequested }
  | { type: 'RecordReviewRequestEmail'; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | {
      type: 'SubmitReview';
      rating: number;
      text: string;
      displayName: string;
      publish: boolean;
      at: string;
    }
  | { type: 'HideReview'; reason: HideReason; by: string; at: string }
  | { type: 'ReplyToReview'; text: string; by: string; at: string }
  | { type: 'WithdrawReview'; by: 'family' | 'erasure'; at: string };

type Decide<T extends ReviewCommand['type']> = (
  command: Extract<ReviewCommand, { type: T }>,
  state: ReviewState,
) => ReviewEvent[];

/** What became of a given review: on the pages, kept by the family for the school, or hidden by it. */
export const statusOf = (state: Given): ReviewStatus =>
  state.hidden ? 'hidden' : state.review.publish ? 'published' : 'private';

function evolve(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewRequested':
      return state.phase === 'none' ? { phase: 'asked', request: event.data, emailed: false } : state;
    case 'ReviewRequestEmailed':
      return state.phase === 'none' ? state : { ...state, emailed: true };
    case 'ReviewSubmitted':
      return state.phase === 'asked'
        ? { ...state, phase: 'given', review: event.data, hidden: null, reply: null }
        : state;
    case 'ReviewHidden':
      return state.phase === 'given' ? { ...state, hidden: event.data } : state;
    case 'ReviewReplied':
      return state.phase === 'given' ? { ...state, reply: event.data } : state;
    case 'ReviewWithdrawn':
      if (state.phase === 'none' || state.phase === 'withdrawn') return state;
      return {
        phase: 'withdrawn',
        request: state.request,
        emailed: state.emailed,
        review: state.phase === 'given' ? state.review : null,
      };
  }
}

/** Once per booking: a second ask (a timer pass again, another process) records nothing. */
const requestReview: Decide<'RequestReview'> = ({ request }, state) =>
  state.phase === 'none' ? [{ type: 'ReviewRequested', data: request }] : [];

const recordEmail: Decide<'RecordReviewRequestEmail'> = ({ messageId, transport, at }, state) =>
  state.phase === 'none' || state.emailed
    ? []
    : [
        {
          type: 'ReviewRequestEmailed',
          data: { enrollmentId: state.request.enrollmentId, messageId, transport, sentAt: at },
        },
      ];

/** A link answers once, while it is valid; nobody is asked without attendance, so no request, no review. */
const submitReview: Decide<'SubmitReview'> = (command, state) => {
  if (state.phase === 'none') throw refuse({ code: 'review_not_asked' });
  if (state.phase === 'given') throw refuse({ code: 'review_already_given' });
  if (state.phase === 'withdrawn') throw refuse({ code: 'review_withdrawn' });
  const { request } = state;
  if (Date.parse(command.at) > Date.parse(request.validUntil))
    throw refuse({ code: 'review_link_expired', validUntil: request.validUntil });
  return [
    {
      type: 'ReviewSubmitted',
      data: {
        enrollmentId: request.enrollmentId,
        programId: request.programId,
        workshopId: request.workshopId,
        instructor: request.instructor,
        rating: command.rating,
        text: command.text,
        displayName: command.displayName,
        publish: command.publish,
        subjectId: request.subjectId,
        submittedAt: command.at,
      },
    },
  ];
};

const givenReview = (state: ReviewState): Given => {
  if (state.phase === 'given') return state;
  throw refuse(state.phase === 'withdrawn' ? { code: 'review_withdrawn' } : { code: 'review_not_given' });
};

const publishedReview = (state: ReviewState): Given => {
  const given = givenReview(state);
  const status = statusOf(given);
  if (status !== 'published') throw refuse({ code: 'review_not_published', status });
  return given;
};

/** Hidden only while published, only with one of the fixed reasons (the command's type allows no other). */
const hideReview: Decide<'HideReview'> = ({ reason, by, at }, state) => {
  const { review } = publishedReview(state);
  const { enrollmentId, programId, rating } = review;
  const unpublished = { programId, rating };
  return [{ type: 'ReviewHidden', data: { enrollmentId, unpublished, reason, hiddenBy: by, hiddenAt: at } }];
};

/** The program and stars of a review on the pages (published, not hidden), which its end takes off them. */
const onThePages = (state: ReviewState) =>
  state.phase === 'given' && statusOf(state) === 'published'
    ? { unpublished: { programId: state.review.programId, rating: state.review.rating } }
    : {};

/** One public reply, under a review on the pages. */
const replyToReview: Decide<'ReplyToReview'> = ({ text, by, at }, state) => {
  const given = publishedReview(state);
  if (given.reply) throw refuse({ code: 'review_reply_exists' });
  return [
    { type: 'ReviewReplied', data: { enrollmentId: given.review.enrollmentId, text, repliedBy: by, repliedAt: at } },
  ];
};

/**
 * The family withdraws what it said; its erasure withdraws the review whatever its phase (an
 * unanswered link then answers nothing). Withdrawing again records nothing for an erasure.
 */
const withdrawReview: Decide<'WithdrawReview'> = ({ by, at }, state) => {
  if (by === 'erasure')
    return state.phase === 'none' || state.phase === 'withdrawn'
      ? []
      : [
          {
            type: 'ReviewWithdrawn',
            data: { enrollmentId: state.request.enrollmentId, ...onThePages(state), by, withdrawnAt: at },
          },
        ];
  const { review } = givenReview(state);
  return [
    { type: 'ReviewWithdrawn', data: { enrollmentId: review.enrollmentId, ...onThePages(state), by, withdrawnAt: at } },
  ];
};

const DECISIONS: { [T in ReviewCommand['type']]: Decide<T> } = {
  RequestReview: requestReview,
  RecordReviewRequestEmail: recordEmail,
  SubmitReview: submitReview,
  HideReview: hideReview,
  ReplyToReview: replyToReview,
  WithdrawReview: withdrawReview,
};

/** `review-<enrollmentId>`: one booking's review, from the ask to its end. */
export const reviewDecider: Decider<ReviewCommand, ReviewEvent, ReviewState> = {
  initialState: { phase: 'none' },
  evolve,
  decide: (command, state) => (DECISIONS[command.type] as Decide<typeof command.type>)(command as never, state),
};
