import { newsletterSubscriberStream } from '../../contracts/newsletter/events.js';
import type { PrivacyEvent } from '../../contracts/privacy/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { subscriberDecider } from './subscriber-decider.js';

type Erased = Extract<PrivacyEvent, { type: 'PersonalDataErased' }>;

/** An e-mail subject's id is its keyed hash (a household's is `household:<id>`, never a subscriber). */
const SUBSCRIBER_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * An erased address goes on the suppression list (NewsletterSuppressed on its subscriber stream,
 * subscribed or not), so no later sign-up or import ever mails it again.
 */
export function newsletterErasureReactor(deps: Pick<AppDeps, 'commands' | 'clock'>) {
  return defineReactor<Erased>({
    name: 'newsletter-erasure',
    eventTypes: ['PersonalDataErased'],
    async handle(event, { metadata }) {
      const subscriberKey = event.data.subjectId;
      if (!SUBSCRIBER_KEY.test(subscriberKey)) return;
      await deps.commands.handle(
        subscriberDecider,
        newsletterSubscriberStream(subscriberKey),
        { type: 'Suppress', subscriberKey, at: event.data.at },
        metadata,
      );
    },
  });
}
