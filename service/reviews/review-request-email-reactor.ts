import { SCHOOL } from '../../contracts/core/school.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { reviewStream, type ReviewEvent } from '../../contracts/reviews/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { UnsendableMessageError } from '../mail/port.js';
import { formatLongDate } from '../mail/templates/format.js';
import { renderEmail } from '../mail/templates/index.js';
import { reviewLinksFor } from './review-link.js';
import { reviewDecider } from './review-decider.js';

type Requested = Extract<ReviewEvent, { type: 'ReviewRequested' }>;

export const REVIEW_REQUEST_REACTOR = 'review-request-email';
const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One booking, one request, one Message-ID: a delivery again after a crash writes the same outbox file. */
export const reviewRequestMessageId = (enrollmentId: string) => `<review-request-${enrollmentId}@${DOMAIN}>`;

/**
 * The one e-mail asking a family for its review (ReviewRequested, recorded once per booking when
 * one of its children attended): the signed `/review/<token>` link, to the address the booking was
 * made with. Once per event by its position (the runner's checkpoint); the send is then recorded
 * as ReviewRequestEmailed, which the decider records once, and a request already e-mailed (a
 * redelivery after the record) is not sent again. Withdrawn by an erasure before it left, nothing.
 */
export function reviewRequestEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'config' | 'log' | 'clock'>) {
  return defineReactor<Requested>({
    name: REVIEW_REQUEST_REACTOR,
    eventTypes: ['ReviewRequested'],
    async handle(event) {
      const { enrollmentId, workshopTitle, validUntil } = event.data;
      const links = reviewLinksFor(deps.config);
      const review = await deps.commands.state(reviewDecider, reviewStream(enrollmentId));
      if (!links || review.phase !== 'asked' || review.emailed) return;
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      if (!state.submission) return;
      const base = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');
      const messageId = reviewRequestMessageId(enrollmentId);
      const rendered = await renderEmail('review-request', {
        firstName: state.submission.form.firstName,
        title: workshopTitle,
        reviewUrl: `${base}/review/${links.token(enrollmentId)}`,
        validUntil: formatLongDate(validUntil),
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      try {
        await deps.mailer.send({ to: state.submission.form.email, ...rendered, messageId, attachments: [] });
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('review request cannot be sent; passed over', { enrollmentId, reason: err.message });
        return;
      }
      await deps.commands.handle(
        reviewDecider,
        reviewStream(enrollmentId),
        {
          type: 'RecordReviewRequestEmail',
          messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        { correlationId: event.id, causationId: event.id, actor: 'system', at: deps.clock().toISOString() },
      );
      deps.log.info('review request e-mailed', { enrollmentId });
    },
  });
}
