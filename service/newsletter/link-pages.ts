import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SCHOOL } from '../../contracts/core/school.js';
import {
  NewsletterTokenParamSchema,
  SUBSCRIBE_ACCEPTED,
  SubscribeRequestSchema,
} from '../../contracts/newsletter/api.js';
import type { AppDeps } from '../core/deps.js';
import { toErrorResponse } from '../core/http-errors.js';
import { escapeHtml, plainPage } from '../core/plain-page.js';
import { rateLimit } from '../core/rate-limit.js';
import { newsletterLinksFor } from './links.js';
import { requestSubscription } from './request-subscription.js';

/** A plain page (no script needed): a heading, words, and a button or a link home. */
export function linkPage(title: string, words: string, button?: { action: string; label: string }): string {
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}"><button type="submit">${escapeHtml(button.label)}</button></form>`
    : '<p><a href="/">Back to the site</a></p>';
  return plainPage(title, `<p>${escapeHtml(words)}</p>${form}`);
}

const TOO_LONG = 'That is more than an e-mail address. Please go back and enter just your address.';
const NOT_FROM_SITE = 'The sign-up was not sent from a page of our site. Please use the form at the foot of any page.';
const TRY_AGAIN = 'Something went wrong on our side. Please try again in a moment.';
const INVALID = 'This link is not valid. Please open the link from the e-mail again.';

/**
 * The footer sign-up without JavaScript (`POST /newsletter/subscribe`), and the pages the newsletter's e-mail links open: `/newsletter/confirm/<token>` and
 * `/newsletter/unsubscribe/<token>`, each a button that posts to the API (so a mail scanner
 * following the link confirms or unsubscribes nothing). The API answers the button's form post
 * with a page too (`wantsPage`).
 */
export function newsletterPageRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const links = newsletterLinksFor(deps.config);
  const tokenOf = (token: string) => NewsletterTokenParamSchema.safeParse({ token }).success;

  // The footer's form as a browser without JavaScript posts it: the same sign-up, answered with a page.
  const sameSite = csrf({
    origin: (origin, c) => origin === new URL(deps.config.PUBLIC_URL ?? c.req.url).origin,
    secFetchSite: 'same-origin',
  });
  const small = bodyLimit({
    maxSize: 4096,
    onError: (c) => c.html(linkPage('Please check your e-mail address', TOO_LONG), 413),
  });
  app.post('/newsletter/subscribe', sameSite, small, rateLimit(deps), async (c) => {
    const posted = await c.req.parseBody();
    const parsed = SubscribeRequestSchema.safeParse({ email: posted.email, source: 'footer' });
    if (!parsed.success)
      return c.html(linkPage('Please check your e-mail address', parsed.error.issues[0]!.message), 400);
    await requestSubscription(deps, c, parsed.data);
    return c.html(linkPage('Almost there', SUBSCRIBE_ACCEPTED.message));
  });

  // A refusal on these pages (not from our site, too many tries) answers as a page too, with its Retry-After.
  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status === 403)
      return c.html(linkPage('Please sign up from our site', NOT_FROM_SITE), 403);
    const answer = toErrorResponse(err, c, deps.log, {});
    const status = answer.status as ContentfulStatusCode;
    return answer
      .json()
      .then((body: { error?: string }) => c.html(linkPage('Please wait a moment', body.error ?? TRY_AGAIN), status));
  });

  app.get('/newsletter/confirm/:token', (c) => {
    const token = c.req.param('token');
    if (!tokenOf(token) || !links.confirmedKey(token)) return c.html(linkPage('Link not valid', INVALID), 404);
    return c.html(
      linkPage('Confirm your subscription', `Press the button to receive ${SCHOOL.name}'s news of new classes.`, {
        action: `/api/newsletter/confirm/${token}`,
        label: 'Confirm my subscription',
      }),
    );
  });

  app.get('/newsletter/unsubscribe/:token', (c) => {
    const token = c.req.param('token');
    if (!tokenOf(token) || !links.unsubscribeKey(token)) return c.html(linkPage('Link not valid', INVALID), 404);
    return c.html(
      linkPage('Unsubscribe', `Press the button and we will send you no more of ${SCHOOL.name}'s news.`, {
        action: `/api/newsletter/unsubscribe/${token}`,
        label: 'Unsubscribe',
      }),
    );
  });

  return app;
}

/** The button's form post from one of these pages (a browser asking for HTML), rather than a script or a mail provider. */
export const wantsPage = (accept: string | undefined, contentType: string | undefined) =>
  (accept ?? '').includes('text/html') && (contentType ?? '').startsWith('application/x-www-form-urlencoded');
