import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../core/config.js';

/**
 * The enroll answer's `holdToken`, `<enrollmentId>.<signature>`: HMAC-SHA256 of the enrollment id
 * under a key derived from PSEUDONYM_SECRET (or ADMIN_KEY), as the waitlist links are. Only the
 * browser that sent the form gets it, so only that browser can replace the unpaid hold it names.
 * It is stored nowhere: the server checks the signature and the workshop decides whether the hold
 * named is still unpaid and running.
 */
export interface HoldTokens {
  token(enrollmentId: string): string;
  /** The enrollment a token names when its signature holds; null otherwise. */
  enrollmentOf(token: string): string | null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createHoldTokens(secret: string | Buffer): HoldTokens {
  const sign = (enrollmentId: string) =>
    createHmac('sha256', secret).update(`hold-token/v1\n${enrollmentId}`).digest('base64url');
  return {
    token(enrollmentId) {
      if (!ID.test(enrollmentId)) throw new Error('not an enrollment id');
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
