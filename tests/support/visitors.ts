/**
 * Simulated visitors behind a reverse proxy on loopback (the test app and test servers run with
 * TRUST_PROXY=127.0.0.1): each has its own client address, sent as X-Forwarded-For, and its own
 * e-mail, so tests that act as many parents are not taken for one parent hoarding seats or one
 * client flooding the API. Tests of those limits send one address or one e-mail on purpose.
 */
let visitors = 0;

/** A fresh client address in 198.18.0.0/15, the range set aside for tests. */
export function nextVisitorAddress(): string {
  visitors++;
  return `198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/** Headers of a request from a new visitor. */
export const asNewVisitor = (headers: Record<string, string> = {}): Record<string, string> => ({
  'x-forwarded-for': nextVisitorAddress(),
  ...headers,
});

let parents = 0;
/** A fresh parent's e-mail. */
export const nextParentEmail = (label = 'parent') => `${label}-${++parents}@example.com`;
