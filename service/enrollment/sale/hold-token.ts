import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../core/config.js';
import { createSignedTokens } from '../../core/signed-token.js';

/**
 * The enroll answer's `holdToken`, `<enrollmentId>.<signature>` (service/core/signed-token.ts,
 * purpose `hold-token`), under a key derived from PSEUDONYM_SECRET (or ADMIN_KEY), as the waitlist
 * links are. Only the browser that sent the form gets it, so only that browser can replace the
 * unpaid hold it names. It is stored nowhere: the server checks the signature and the workshop
 * decides whether the hold named is still unpaid and running.
 */
export interface HoldTokens {
  token(enrollmentId: string): string;
  /** The enrollment a token names when its signature holds; null otherwise. */
  enrollmentOf(token: string): string | null;
}

export function createHoldTokens(secret: string | Buffer): HoldTokens {
  const tokens = createSignedTokens(secret, 'hold-token');
  return {
    token: (enrollmentId) => tokens.token(enrollmentId),
    // A hold token is never versioned: one with a version is not one the school wrote.
    enrollmentOf: (token) => {
      const signed = tokens.verify(token);
      return signed && signed.version === 0 ? signed.id : null;
    },
  };
}

const byConfig = new WeakMap<Config, HoldTokens>();

/** One per configuration, keyed like the pseudonyms so that every API process agrees. */
export function holdTokensFor(config: Config): HoldTokens {
  let tokens = byConfig.get(config);
  if (!tokens) {
    const base = config.PSEUDONYM_SECRET ?? config.ADMIN_KEY;
    tokens = createHoldTokens(base ? createHmac('sha256', base).update('hold-tokens/v1').digest() : randomBytes(32));
    byConfig.set(config, tokens);
  }
  return tokens;
}
