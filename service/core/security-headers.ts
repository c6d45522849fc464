import type { Context, MiddlewareHandler } from 'hono';
import { isCompleteAnswer, offerAnswerHeaders, setAnswerHeader } from './response-headers.js';

/**
 * Pages that load Stripe.js; every other document may run only the site's own scripts. The client
 * router matches paths case-insensitively and with or without a trailing slash, so these do too.
 */
const STRIPE_PAGES = [
  /^\/checkout\/[^/]+\/?$/i,
  /^\/payment-success\/?$/i,
  /^\/payment-test\/?$/i,
  /^\/test-charge\/?$/i,
  /^\/gift-cards\/?$/i,
  // The balance of a deposit booking is paid on the booking page.
  /^\/booking\/[^/]+\/?$/i,
];

/**
 * Addresses that carry a secret: the parent's booking link, the e-mailed sign-in link, the waitlist's links (leave, and any
 * other page under /waitlist/ an e-mail opens with a token) and the API calls those pages make
 * with it. The browser sends no Referer from them, not even to this site, so the token never
 * reaches a log or another page through it; their pages are not kept by any cache (the API's
 * answers never are).
 */
const SECRET_PATHS = [
  /^\/booking\//i,
  /^\/account\/sign-in\//i,
  /^\/api\/bookings\//i,
  /^\/waitlist\//i,
  /^\/api\/waitlist\//i,
  /^\/api\/workshops\/[^/]+\/waitlist\/offer\/?$/i,
  // A gift card's code: its balance, its printable card.
  /^\/api\/gift-cards\/[^/]+/i,
  // A lesson pack's code: what is left of it.
  /^\/api\/lesson-packs\/[^/]+/i,
];
/** Pages that carry a secret in one query parameter only: the enroll page opened from an offer e-mail. */
const SECRET_QUERIES = [{ path: /^\/enroll\/[^/]+\/?$/i, param: 'offer' }];

/** A page whose address carries a token (a booking or waitlist link, a waitlist offer) is kept by no cache at all. */
export const SECRET_PAGE_CACHE = 'private, no-store';

/** Whether this request's address carries a secret (see SECRET_PATHS). */
export function carriesSecret(c: Context): boolean {
  const path = c.req.path;
  if (SECRET_PATHS.some((p) => p.test(path))) return true;
  // The query is parsed only on the few paths that may carry one.
  return SECRET_QUERIES.some((q) => q.path.test(path) && c.req.query(q.param) !== undefined);
}

const baseDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React Aria sets a few styles through the style attribute on elements it positions.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
} satisfies Record<string, string[]>;

const stripeDirectives = {
  ...baseDirectives,
  'script-src': ["'self'", 'https://js.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'img-src': ["'self'", 'data:', 'https://*.stripe.com'],
};

const serialise = (d: Record<string, string[]>) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');

const BASE_CSP = serialise(baseDirectives);
const STRIPE_CSP = serialise(stripeDirectives);

export const cspFor = (path: string) => (STRIPE_PAGES.some((p) => p.test(path)) ? STRIPE_CSP : BASE_CSP);

/** One year, subdomains included: browsers then never try the site over plain http. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: Strict-Transport-Security goes out only when it is https (never on a plain-http site or a laptop). */
  publicUrl?: string;
}

const records = new Map<string, Readonly<Record<string, string>>>();

/** The security headers of an answer to `path`, as one record (one of a few, made once). */
export function securityHeaderRecord(path: string, https: boolean, secret: boolean): Readonly<Record<string, string>> {
  const csp = cspFor(path);
  const key = `${https}:${csp === STRIPE_CSP}:${secret}`;
  let record = records.get(key);
  if (!record) records.set(key, (record = makeRecord(csp, https, secret)));
  return record;
}

function makeRecord(csp: string, https: boolean, secret: boolean): Record<string, string> {
  return {
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': secret ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  };
}

/**
 * Security headers on every answer; the CSP allows Stripe.js only on the payment pages. The
 * record is offered to the handler first (`answerHeaders`): an answer made complete with it
 * (the hot reads) is left untouched, which keeps it on @hono/node-server's fast path.
 */
export const securityHeaders = (options: SecurityHeaderOptions = {}): MiddlewareHandler => {
  const https = options.publicUrl?.toLowerCase().startsWith('https://') ?? false;
  return async (c, next) => {
    const record = securityHeaderRecord(c.req.path, https, carriesSecret(c));
    offerAnswerHeaders(c, record);
    await next();
    if (isCompleteAnswer(c.res)) return;
    for (const [name, value] of Object.entries(record)) setAnswerHeader(c, name, value);
  };
};
