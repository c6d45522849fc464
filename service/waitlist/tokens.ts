import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../core/config.js';

/**
 * The links of waitlist e-mails. An offer's link carries a token derived with a server key from
 * random bytes the offer recorded (`tokenNonce`, chosen with crypto.randomBytes and given to the
 * decider in its command): the token is unguessable, stored nowhere (the nonce alone is useless
 * without the key), and the same after a restart, so an e-mail sent again after a crash carries the
 * link the first one did. A leave link is signed the same way over the workshop and the entry.
 * Tokens are compared in constant time. A changed key (PSEUDONYM_SECRET, or ADMIN_KEY when it is
 * unset) makes the links already sent stop working.
 */
export interface WaitlistLinks {
  offerToken(workshopId: string, offerId: string, nonce: string): string;
  /** Whether `token` is the offer's, in constant time. */
  matchesOffer(token: string, workshopId: string, offerId: string, nonce: string): boolean;
  leaveToken(workshopId: string, entryId: string): string;
  /** The workshop and entry a leave token names, when its signature holds. */
  readLeaveToken(token: string): { workshopId: string; entryId: string } | null;
  confirmToken(workshopId: string, entryId: string): string;
  /** The workshop and entry a confirmation token names, when its signature holds. */
  readConfirmToken(token: string): { workshopId: string; entryId: string } | null;
}

/** Random bytes for an offer, the only randomness an offer needs. */
export const newTokenNonce = () => randomBytes(32).toString('base64url');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function createWaitlistLinks(secret: string | Buffer): WaitlistLinks {
  const mac = (purpose: string, ...parts: string[]) =>
    createHmac('sha256', secret)
      .update(`waitlist-${purpose}\n${parts.join('\n')}`)
      .digest('base64url');
  // Ids are [A-Za-z0-9_-], so a dot separates them without escaping.
  const entryToken = (purpose: string, workshopId: string, entryId: string) =>
    `${workshopId}.${entryId}.${mac(purpose, workshopId, entryId)}`;
  const readEntryToken = (purpose: string, token: string) => {
    const [workshopId, entryId, signature, ...rest] = token.split('.');
    if (!workshopId || !entryId || !signature || rest.length > 0) return null;
    return sameText(signature, mac(purpose, workshopId, entryId)) ? { workshopId, entryId } : null;
  };
  return {
    offerToken: (workshopId, offerId, nonce) => mac('offer', workshopId, offerId, nonce),
    matchesOffer: (token, workshopId, offerId, nonce) => sameText(token, mac('offer', workshopId, offerId, nonce)),
    leaveToken: (workshopId, entryId) => entryToken('leave', workshopId, entryId),
    readLeaveToken: (token) => readEntryToken('leave', token),
    confirmToken: (workshopId, entryId) => entryToken('confirm', workshopId, entryId),
    readConfirmToken: (token) => readEntryToken('confirm', token),
  };
}

const byConfig = new WeakMap<Config, WaitlistLinks>();

/** One per configuration, keyed like the pseudonyms (service/core/pseudonyms.ts) so every process agrees. */
export function waitlistLinksFor(config: Config): WaitlistLinks {
  let links = byConfig.get(config);
  if (!links) {
    const base = config.PSEUDONYM_SECRET ?? config.ADMIN_KEY;
    const secret = base ? createHmac('sha256', base).update('waitlist-links/v1').digest() : randomBytes(32);
    links = createWaitlistLinks(secret);
    byConfig.set(config, links);
  }
  return links;
}
