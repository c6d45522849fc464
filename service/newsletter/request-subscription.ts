import type { Context } from 'hono';
import type { SubscribeRequest } from '../../contracts/newsletter/api.js';
import { NEWSLETTER_CONSENT_WORDING, newsletterSubscriberStream } from '../../contracts/newsletter/events.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { subscriberDecider } from './subscriber-decider.js';

/** A sign-up, from the API or the footer's form without JavaScript: recorded with the consent's words; a confirmation e-mail follows. */
export async function requestSubscription(deps: AppDeps, c: Context, { email, source }: SubscribeRequest) {
  const subscriberKey = pseudonymsFor(deps.config).email(email);
  await deps.commands.handle(
    subscriberDecider,
    newsletterSubscriberStream(subscriberKey),
    {
      type: 'RequestSubscription',
      subscriberKey,
      email,
      source,
      consentWording: NEWSLETTER_CONSENT_WORDING,
      at: deps.clock().toISOString(),
    },
    requestMetadata(c, deps, 'visitor'),
  );
}
