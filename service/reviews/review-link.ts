import type { Config } from '../core/config.js';
import { createSignedTokens, type SignedTokens } from '../core/signed-token.js';

/**
 * The review link, `/review/<enrollmentId>.<signature>`: signed like the booking links (same
 * BOOKING_LINK_SECRET, its own purpose `review-link`, so neither token passes for the other) and
 * stored nowhere. Whether it still answers (asked, within 60 days, not yet used) is the review
 * stream's to say.
 */
export interface ReviewLinks {
  token(enrollmentId: string): string;
  /** The booking a token names when its signature holds; null otherwise. */
  enrollmentOf(token: string): string | null;
}

const byConfig = new WeakMap<Config, ReviewLinks>();

export function createReviewLinks(secret: string): ReviewLinks {
  const tokens: SignedTokens = createSignedTokens(secret, 'review-link');
  return {
    token: (enrollmentId) => tokens.token(enrollmentId),
    // A review link is never versioned: one with a version is not one the school wrote.
    enrollmentOf: (token) => {
      const signed = tokens.verify(token);
      return signed && signed.version === 0 ? signed.id : null;
    },
  };
}

/** The links of this configuration's secret, or null when it has none (no links e-mailed, every token refused). */
export function reviewLinksFor(config: Config): ReviewLinks | null {
  if (!config.BOOKING_LINK_SECRET) return null;
  let links = byConfig.get(config);
  if (!links) {
    links = createReviewLinks(config.BOOKING_LINK_SECRET);
    byConfig.set(config, links);
  }
  return links;
}
