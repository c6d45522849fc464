import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SCHOOL } from '../../contracts/core/school.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { familyOfStopToken, stopMessages } from './message-stop.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small page in the site's colours, no script: it must work in whatever browser a mail program opens. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | ${escape(SCHOOL.name)}</title>
<style>
body{margin:0;background:#fbf8f1;color:#1f2333;font:1rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}
.school{font-family:'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;color:#1b2340;text-decoration:none;font-size:1.25rem}
h1{font-family:'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;color:#1b2340;font-weight:600;line-height:1.2}
a{color:#5e2a59}
button{font:inherit;font-weight:600;padding:.7rem 1.4rem;border:0;border-radius:999px;background:#1b2340;color:#fdfaf3;cursor:pointer;min-height:44px}
</style>
</head>
<body>
<main>
<p><a class="school" href="/">${escape(SCHOOL.fullName)}</a></p>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;

const STOPPED = page(
  'No More Class Messages',
  `<p>We will send no more messages to class families to this address. Your receipts, reminders and the e-mails about your own bookings still come.</p>
<p>Changed your mind? Call us at <a href="${SCHOOL.phoneHref}">${escape(SCHOOL.phone)}</a> or write to <a href="mailto:${SCHOOL.email}">${escape(SCHOOL.email)}</a>.</p>`,
);
const UNKNOWN = page(
  'Link Not Recognized',
  `<p>This link does not work any more. To stop our messages to class families, write to <a href="mailto:${SCHOOL.email}">${escape(SCHOOL.email)}</a> or call <a href="${SCHOOL.phoneHref}">${escape(SCHOOL.phone)}</a>.</p>`,
);

/**
 * The way off the school's messages to class families, at the site's root (not /api: a mail
 * program's one-click POST, RFC 8058, sends a form body, `List-Unsubscribe=One-Click`):
 * - GET  /messages/stop/:token: a page that asks to confirm with a button (a link scanner's GET
 *   changes nothing);
 * - POST /messages/stop/:token: stops them (the button, or the mail program), once; any origin, as
 *   a mail program posts from its own: the signed token is the authority, and stopping is all it can do.
 */
export function messageStopRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const familyOf = (c: Context) => familyOfStopToken(deps.config, c.req.param('token') ?? '');

  app.get('/messages/stop/:token', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!familyOf(c)) return c.html(UNKNOWN, 404);
    return c.html(
      page(
        'Stop Messages to Class Families?',
        `<p>These are the notes the school writes to the families of a class (a room change, a snow day). Your receipts, reminders and the e-mails about your own bookings still come.</p>
<form method="post"><button type="submit">Stop these messages</button></form>`,
      ),
    );
  });

  app.post('/messages/stop/:token', rateLimit(deps), bodyLimit({ maxSize: 1024 }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const family = familyOf(c);
    if (!family) return c.html(UNKNOWN, 404);
    const form = /^application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')
      ? await c.req.parseBody()
      : {};
    const via = form['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'link';
    await stopMessages(deps, family, via, requestMetadata(c, deps, 'visitor'));
    deps.log.info('workshop messages stopped', { via });
    return c.html(STOPPED);
  });

  return app;
}
