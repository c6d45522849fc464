import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import { createSignedTokens, type SignedTokens } from './signed-token.js';

const byConfig = new WeakMap<Config, Map<string, SignedTokens>>();

/**
 * Signed tokens of one purpose (a lapsed hold's refill link, a newsletter's confirmation or
 * unsubscribe link), keyed like the pseudonyms so that every process agrees: the token of one
 * purpose never passes for another's.
 */
export function purposeTokensFor(config: Config, purpose: string): SignedTokens {
  let tokens = byConfig.get(config);
  if (!tokens) byConfig.set(config, (tokens = new Map()));
  let signed = tokens.get(purpose);
  if (!signed) {
    const base = config.PSEUDONYM_SECRET ?? config.ADMIN_KEY;
    const secret = base ? createHmac('sha256', base).update(`${purpose}-tokens/v1`).digest() : randomBytes(32);
    signed = createSignedTokens(secret, purpose);
    tokens.set(purpose, signed);
  }
  return signed;
}
