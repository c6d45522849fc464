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
import { rateLimit } from '../core/rate-limit.js';
import { newsletterLinksFor } from './links.js';
import { requestSubscription } from './request-subscription.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The site's look in a few lines (the page is served apart from the app's bundle): the theme's
 * ivory, navy, plum and display face, a readable column, a large button.
 */
const STYLE = [
  'body{margin:0;background:#fbf8f1;color:#1f2333;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,"Noto Sans",sans-serif}',
  'main{max-width:34rem;margin:12vh auto 2rem;padding:2rem 1.5rem;background:#fff;border:1px solid #e4dccb;border-radius:12px}',
  'h1{margin:0 0 .75rem;color:#1b2340;font:600 1.75rem/1.25 "Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif}',
  '.school{margin:0 0 1.25rem;color:#5e2a59;font-size:.875rem;letter-spacing:.08em;text-transform:uppercase}',
  'button{min-height:2.75rem;padding:.6rem 1.4rem;border:0;border-radius:999px;background:#5e2a59;color:#fff;font:inherit;font-weight:600;cursor:pointer}',
  'button:focus-visible,a:focus-visible{outline:3px solid #b8862b;outline-offset:2px}',
  'a{color:#5e2a59}',
].join('');

/** A plain page (no script needed): a heading, words, and a button or a link home. */
export function linkPage(title: string, words: string, button?: { action: string; label: string }): string {
  const form = button
    ? `<form method="post" action="${escape(button.action)}"><button type="submit">${escape(button.label)}</button></form>`
    : '<p><a href="/">Back to the site</a></p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} | ${escape(SCHOOL.name)}</title><style>${STYLE}</style></head><body><main><p class="school">${escape(SCHOOL.name)}</p><h1>${escape(title)}</h1><p>${escape(words)}</p>${form}</main></body></html>`;
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
