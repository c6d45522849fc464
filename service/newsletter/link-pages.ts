import { Hono } from 'hono';
import { SCHOOL } from '../../contracts/core/school.js';
import { NewsletterTokenParamSchema } from '../../contracts/newsletter/api.js';
import type { AppDeps } from '../core/deps.js';
import { newsletterLinksFor } from './links.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain page (no script needed): a heading, words, and a button or a link home. */
export function linkPage(title: string, words: string, button?: { action: string; label: string }): string {
  const form = button
    ? `<form method="post" action="${escape(button.action)}"><button type="submit">${escape(button.label)}</button></form>`
    : '<p><a href="/">Back to the site</a></p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} | ${escape(SCHOOL.name)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(words)}</p>${form}</main></body></html>`;
}

const INVALID = 'This link is not valid. Please open the link from the e-mail again.';

/**
 * The pages the newsletter's e-mail links open: `/newsletter/confirm/<token>` and
 * `/newsletter/unsubscribe/<token>`, each a button that posts to the API (so a mail scanner
 * following the link confirms or unsubscribes nothing). The API answers the button's form post
 * with a page too (`wantsPage`).
 */
export function newsletterPageRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const links = newsletterLinksFor(deps.config);
  const tokenOf = (token: string) => NewsletterTokenParamSchema.safeParse({ token }).success;

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
