import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SCHOOL } from '../../contracts/core/school.js';
import type { CertificateVerification } from '../../contracts/certificates/api.js';
import type { AppDeps } from '../core/deps.js';
import { toErrorResponse } from '../core/http-errors.js';
import { escapeHtml, plainPage } from '../core/plain-page.js';
import { rateLimit } from '../core/rate-limit.js';
import { UNKNOWN_CERTIFICATE, verifyCertificate } from './verification.js';

const TRY_AGAIN = 'Something went wrong on our side. Please try again in a moment.';

/** A calendar day (2025-07-19) as words: July 19, 2025. */
const dayInWords = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** An instant as the school's calendar day in words. */
const instantInWords = (at: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: SCHOOL.timeZone }).format(new Date(at));

const facts = (rows: [string, string][]) =>
  `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

const BACK = '<p><a href="/">Back to the site</a></p>';

function verifiedPage(number: string, answer: CertificateVerification): string {
  if (!answer.valid)
    return plainPage(
      'Certificate revoked',
      `<p>${escapeHtml(answer.revoked ?? 'This certificate was revoked.')} ${escapeHtml(SCHOOL.name)} no longer vouches for it.</p>` +
        facts([
          ['Number', number],
          ['Program', answer.program],
        ]) +
        BACK,
    );
  return plainPage(
    'Certificate verified',
    `<p>This certificate of completion was issued by ${escapeHtml(SCHOOL.name)} and is valid.</p>` +
      facts([
        ['Number', number],
        ['Holder', answer.holder],
        ['Program', answer.program],
        ['Completed on', dayInWords(answer.completedOn)],
        ['Issued on', instantInWords(answer.issuedAt)],
        ...(answer.reissuedAt ? [['Reissued on', instantInWords(answer.reissuedAt)] as [string, string]] : []),
      ]) +
      (answer.reissuedAt
        ? `<p>The holder’s name was corrected and the certificate reissued under the same number: a copy printed before ${escapeHtml(instantInWords(answer.reissuedAt))} is superseded.</p>`
        : '') +
      BACK,
  );
}

/**
 * `/certificate/<number>`, the page the certificate's QR code opens (or anyone typing the number
 * as printed): rendered on the server as a plain page, no script, from what the API answers
 * (verification.ts), so it shows the holder's first name and last initial and nothing more
 * personal. Valid, revoked (the words "revoked") or unknown (404, a friendly page). Never kept
 * by a cache (a revocation shows at once) and rate-limited as the API route is.
 */
export function certificatePageRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  // Too many tries answers as a page too, with its status and Retry-After.
  app.onError((err, c) => {
    const answer = toErrorResponse(err, c, deps.log, {});
    const status = answer.status as ContentfulStatusCode;
    c.header('Cache-Control', 'no-store');
    return answer
      .json()
      .then((body: { error?: string }) =>
        c.html(plainPage('Please wait a moment', `<p>${escapeHtml(body.error ?? TRY_AGAIN)}</p>`), status),
      );
  });

  app.get('/certificate/:number', rateLimit(deps), async (c) => {
    const verified = await verifyCertificate(deps, c.req.param('number'));
    c.header('Cache-Control', 'no-store');
    if (!verified)
      return c.html(plainPage('Certificate not found', `<p>${escapeHtml(UNKNOWN_CERTIFICATE)}</p>${BACK}`), 404);
    return c.html(verifiedPage(verified.number, verified.answer));
  });

  return app;
}
