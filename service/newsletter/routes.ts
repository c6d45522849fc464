import { Hono } from 'hono';
import {
  NewsletterTokenParamSchema,
  SUBSCRIBE_ACCEPTED,
  SubscribeRequestSchema,
  type NewsletterLinkAnswer,
} from '../../contracts/newsletter/api.js';
import { newsletterSubscriberStream } from '../../contracts/newsletter/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { newsletterLinksFor } from './links.js';
import { linkPage, wantsPage } from './link-pages.js';
import { requestSubscription } from './request-subscription.js';
import { subscriberDecider } from './subscriber-decider.js';

const CONFIRM_INVALID = 'This confirmation link is not valid any more. Please sign up again from the site.';
const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Please open the link from the e-mail again.';

/**
 * The newsletter's public routes, under /api:
 * - POST /newsletter/subscribe { email, source }: 202, the same answer for every address; a
 *   confirmation e-mail follows (a reactor) unless the address is on the list or suppressed;
 * - POST /newsletter/confirm/:token: subscribed (the page's button, never the link itself);
 * - POST /newsletter/unsubscribe/:token: unsubscribed, with no cookie, Origin or body needed (a
 *   mail provider's one-click POST, RFC 8058, or the page's button).
 */
export function newsletterRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);
  const links = newsletterLinksFor(deps.config);

  app.post('/newsletter/subscribe', limited, validate('json', SubscribeRequestSchema), async (c) => {
    await requestSubscription(deps, c, c.req.valid('json'));
    return c.json(SUBSCRIBE_ACCEPTED, 202);
  });

  app.post('/newsletter/confirm/:token', limited, validate('param', NewsletterTokenParamSchema), async (c) => {
    const subscriberKey = links.confirmedKey(c.req.valid('param').token);
    if (!subscriberKey) throw notFound(CONFIRM_INVALID);
    const confirmed = await deps.commands.handle(
      subscriberDecider,
      newsletterSubscriberStream(subscriberKey),
      { type: 'ConfirmSubscription', subscriberKey, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    if (confirmed.state.phase !== 'subscribed') throw notFound(CONFIRM_INVALID);
    if (wantsPage(c.req.header('accept'), c.req.header('content-type')))
      return c.html(linkPage('Subscribed', 'Thank you: you will hear from us when new classes open.'));
    const body: NewsletterLinkAnswer = { status: 'subscribed' };
    return c.json(body);
  });

  // Not rate-limited per client: a mail provider posts every one-click unsubscribe from a few
  // addresses of its own. A signed token records one event at most, however often it is posted.
  app.post('/newsletter/unsubscribe/:token', validate('param', NewsletterTokenParamSchema), async (c) => {
    const subscriberKey = links.unsubscribeKey(c.req.valid('param').token);
    if (!subscriberKey) throw notFound(UNSUBSCRIBE_INVALID);
    const oneClick = /List-Unsubscribe=One-Click/.test(await c.req.text().catch(() => ''));
    await deps.commands.handle(
      subscriberDecider,
      newsletterSubscriberStream(subscriberKey),
      { type: 'Unsubscribe', subscriberKey, via: oneClick ? 'one-click' : 'page', at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    if (wantsPage(c.req.header('accept'), c.req.header('content-type')))
      return c.html(linkPage('Unsubscribed', 'Done: we will send you no more news.'));
    const body: NewsletterLinkAnswer = { status: 'unsubscribed' };
    return c.json(body);
  });

  return app;
}
