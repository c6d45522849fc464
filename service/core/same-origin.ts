import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from './deps.js';
import { forbidden } from './errors.js';

/** The site's own origin: PUBLIC_URL, or (on a laptop) the address asked. */
export const siteOrigin = (deps: AppDeps, c: Context) => new URL(deps.config.PUBLIC_URL ?? c.req.url).origin;

/**
 * Whether a write comes from a page of this site: the rule of the inquiry forms' check (Hono's
 * `csrf`, service/inquiries/form-routes.ts): `Sec-Fetch-Site: same-origin`, or an `Origin` equal
 * to the site's. Hono's middleware applies it only to bodies a cross-site form can send; a signed-in
 * parent's writes are refused whatever their body, and also without either header.
 */
export const isSameOrigin = (deps: AppDeps, c: Context) =>
  c.req.header('sec-fetch-site') === 'same-origin' || c.req.header('origin') === siteOrigin(deps, c);

export const SAME_ORIGIN_ONLY =
  'This request did not come from a page of our site. Please open your family page on our site and try again.';

/** Refuses (403) a write that does not come from a page of this site. */
export function sameOriginWrites(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    if (!/^(GET|HEAD|OPTIONS)$/.test(c.req.method) && !isSameOrigin(deps, c)) throw forbidden(SAME_ORIGIN_ONLY);
    await next();
  };
}
