import { Hono, type Context } from 'hono';
import { ReviewSubmissionSchema, ReviewTokenSchema, type ReviewLinkView } from '../../contracts/reviews/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { reviewStream } from '../../contracts/reviews/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { findProgram } from '../catalogue/queries.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { reviewLinksFor } from './review-link.js';
import { publishedReviews } from './lists.js';
import { reviewDecider, statusOf, type ReviewState } from './review-decider.js';

const NOT_FOUND =
  'We could not find a review request for this link. Please open the link from our e-mail asking for your review.';

/** "Harriet W.": the contact's first name and last initial, the name a review is published under unless another is given. */
export const suggestedNameOf = (firstName: string, lastName: string) =>
  `${firstName.trim()} ${lastName.trim().charAt(0).toUpperCase()}.`.trim();

const ownReview = (state: ReviewState): ReviewLinkView['review'] => {
  if (state.phase === 'given') {
    const { rating, text, displayName, submittedAt } = state.review;
    return { rating, text, displayName, submittedAt, status: statusOf(state) };
  }
  if (state.phase === 'withdrawn' && state.review) {
    const { rating, text, displayName, submittedAt } = state.review;
    return { rating, text, displayName, submittedAt, status: 'withdrawn' };
  }
  return null;
};

/**
 * The family's review link (issue 40), reached from the e-mail sent after the last session:
 * - GET /reviews/:token → `{ program, workshop, sessions, … }`: what the review is of;
 * - POST /reviews/:token `{ rating, text?, displayName?, publish }` → 201: once (a second answer 409);
 * - POST /reviews/:token/withdraw → 200: the family takes its review back;
 * - GET /programs/:id/reviews → a program's published reviews, newest first, with replies.
 * A malformed, forged or unasked token is 404, the same answer for each.
 */
export function reviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const enrollmentOf = (c: Context): string => {
    const token = c.req.param('token') ?? '';
    const links = reviewLinksFor(deps.config);
    const id = links && ReviewTokenSchema.safeParse(token).success ? links.enrollmentOf(token) : null;
    if (!id) throw notFound(NOT_FOUND);
    return id;
  };
  const askedState = async (enrollmentId: string) => {
    const state = await deps.commands.state(reviewDecider, reviewStream(enrollmentId));
    if (state.phase === 'none') throw notFound(NOT_FOUND);
    return state;
  };

  app.get('/reviews/:token', limited, async (c) => {
    const enrollmentId = enrollmentOf(c);
    const state = await askedState(enrollmentId);
    const { request } = state;
    const [program, enrollment] = await Promise.all([
      request.programId ? findProgram(deps.readStore, request.programId) : null,
      deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId)),
    ]);
    const form = enrollment.submission?.form;
    const view: ReviewLinkView = {
      program: program ? { id: program.id, title: program.title, slug: program.slug } : null,
      workshop: { id: request.workshopId, title: request.workshopTitle, instructor: request.instructor },
      sessions: request.sessions,
      validUntil: request.validUntil,
      suggestedName: form ? suggestedNameOf(form.firstName, form.lastName) : '',
      review: ownReview(state),
    };
    return c.json(view);
  });

  app.post('/reviews/:token', limited, validate('json', ReviewSubmissionSchema), async (c) => {
    const enrollmentId = enrollmentOf(c);
    const body = c.req.valid('json');
    await askedState(enrollmentId);
    const enrollment = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
    const form = enrollment.submission?.form;
    const displayName = body.displayName || (form ? suggestedNameOf(form.firstName, form.lastName) : 'A parent');
    const { position } = await deps.commands.handle(
      reviewDecider,
      reviewStream(enrollmentId),
      {
        type: 'SubmitReview',
        rating: body.rating,
        text: body.text ?? '',
        displayName,
        publish: body.publish,
        at: deps.clock().toISOString(),
      },
      requestMetadata(c, deps, 'visitor'),
    );
    deps.log.info('review submitted', { enrollmentId });
    return c.json(
      { status: body.publish ? 'published' : 'private', displayName, position: position?.toString() ?? null },
      201,
    );
  });

  // A program's published reviews, newest first, with the school's replies (by id or slug).
  app.get('/programs/:id/reviews', async (c) => {
    const program = await findProgram(deps.readStore, c.req.param('id'));
    if (!program) throw notFound("The program you're looking for doesn't exist or has been removed.");
    return c.json(await publishedReviews(deps.readStore, program.id));
  });

  app.post('/reviews/:token/withdraw', limited, async (c) => {
    const enrollmentId = enrollmentOf(c);
    await askedState(enrollmentId);
    const { position } = await deps.commands.handle(
      reviewDecider,
      reviewStream(enrollmentId),
      { type: 'WithdrawReview', by: 'family', at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    return c.json({ status: 'withdrawn', position: position?.toString() ?? null });
  });

  return app;
}
