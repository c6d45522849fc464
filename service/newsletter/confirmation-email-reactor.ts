import { newsletterSubscriberStream, type NewsletterSubscriberEvent } from '../../contracts/newsletter/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError } from '../mail/port.js';
import { confirmationEmail } from './confirmation-email.js';
import { newsletterLinksFor } from './links.js';
import { subscriberDecider } from './subscriber-decider.js';

type Requested = Extract<NewsletterSubscriberEvent, { type: 'NewsletterSubscriptionRequested' }>;

/**
 * The confirmation e-mail of a sign-up, sent then recorded (NewsletterConfirmationEmailSent), once
 * per address: a redelivery that finds it recorded sends nothing; a crash between the send and the
 * record sends the same message (same Message-ID) again. An address confirmed, unsubscribed or
 * erased before it left gets none.
 */
export function newsletterConfirmationReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<Requested>({
    name: 'newsletter-confirmation-email',
    eventTypes: ['NewsletterSubscriptionRequested'],
    async handle(event, { metadata }) {
      const { subscriberKey } = event.data;
      const stream = newsletterSubscriberStream(subscriberKey);
      const state = await deps.commands.state(subscriberDecider, stream);
      if (state.phase !== 'requested' || state.confirmationSent) return;
      const message = confirmationEmail(
        state.email,
        subscriberKey,
        newsletterLinksFor(deps.config).confirmUrl(subscriberKey),
      );
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('newsletter confirmation cannot be sent', { subscriberKey });
        return;
      }
      await deps.commands.handle(
        subscriberDecider,
        stream,
        {
          type: 'RecordConfirmationEmail',
          subscriberKey,
          emailMessageId: message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
    },
  });
}
