import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../core/config.js';

/**
 * The parent's booking link, `/booking/<enrollmentId>.<signature>`: the signature is
 * HMAC-SHA256 (node:crypto) of the enrollment id under BOOKING_LINK_SECRET, base64url. No account,
 * no stored token: the link names its enrollment and proves the school wrote it, and a changed
 * secret makes every link already sent fail. A JWT library would bring algorithm choices, claims
 * and JSON parsing to a token that carries one id under one fixed MAC; node:crypto gives the MAC
 * and the constant-time comparison, as for the waitlist links (service/waitlist/tokens.ts).
 */
export interface BookingLinks {
  token(enrollmentId: string): string;
  /** The enrollment a token names, when its signature holds under this secret; null otherwise. */
  enrollmentOf(token: string): string | null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createBookingLinks(secret: string): BookingLinks {
  const sign = (enrollmentId: string) =>
    createHmac('sha256', secret).update(`booking-link/v1\n${enrollmentId}`).digest('base64url');
  return {
    token(enrollmentId) {
      if (!ID.test(enrollmentId)) throw new Error('not an enrollment id');
      // Ids are [A-Za-z0-9_-], so a dot separates them from the signature without escaping.
      return `${enrollmentId}.${sign(enrollmentId)}`;
    },
    enrollmentOf(token) {
      const [enrollmentId, signature, ...rest] = token.split('.');
      if (!enrollmentId || !signature || rest.length > 0 || !ID.test(enrollmentId)) return null;
      const expected = Buffer.from(sign(enrollmentId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? enrollmentId : null;
    },
  };
}

const byConfig = new WeakMap<Config, BookingLinks>();

/**
 * The links of this configuration's secret, or null when it has none (a test or tool that set
 * none: e-mails then carry no link and every token is refused). main.ts always sets one: the
 * configured secret, or the one kept in DATA_DIR on the embedded default.
 */
export function bookingLinksFor(config: Config): BookingLinks | null {
  if (!config.BOOKING_LINK_SECRET) return null;
  let links = byConfig.get(config);
  if (!links) {
    links = createBookingLinks(config.BOOKING_LINK_SECRET);
    byConfig.set(config, links);
  }
  return links;
}

/**
 * The "Manage your booking" address of an enrollment: PUBLIC_URL, or the local server when it is
 * unset, as the waitlist e-mails build theirs (`siteBase`, which this slice cannot import: waitlist
 * imports enrollment).
 */
export function bookingUrl(config: Config, enrollmentId: string): string | null {
  const links = bookingLinksFor(config);
  if (!links) return null;
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  return `${base}/booking/${links.token(enrollmentId)}`;
}
