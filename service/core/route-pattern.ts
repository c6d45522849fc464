import type { Context } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';

/**
 * The pattern of the route a request reached (`/api/bookings/:token`), for logs: the path itself
 * may hold a secret (a booking's bearer token, a gift card's code, a sign-in link), the pattern
 * never does. The endpoint's pattern when one matched, else the pattern of the handler that was
 * running (a middleware's `*`).
 */
export function routePatternOf(c: Context): string {
  const endpoint = matchedRoutes(c).find((r) => r.method !== 'ALL' && !r.path.includes('*'));
  return endpoint?.path ?? (routePath(c) || '(no route)');
}

/** A path segment long enough to be a secret: a token, a code, an id. */
const LONG_SEGMENT = 8;

/**
 * `text` (an error's message) without any long segment of the request's path in it, in case the
 * error quoted the path or one of its parameters.
 */
export function withoutPathSecrets(text: string, c: Context): string {
  let out = text;
  const segments = c.req.path.split('/').filter((s) => s.length >= LONG_SEGMENT);
  for (const s of [...new Set([...segments, ...segments.map(safeDecode)])].sort((a, b) => b.length - a.length))
    out = out.split(s).join('…');
  return out;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
