import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A token that names one id and proves the school signed it, stored nowhere: `<id>.<signature>`,
 * or `<id>.<version>.<signature>` once the id's earlier tokens were replaced (a booking link
 * rotated). The signature is HMAC-SHA256 (base64url) of `<purpose>/v1\n<id>`, with `\n<version>`
 * from version 1 on: a token of one purpose never passes for another's, and a token signed before
 * versions existed is version 0 and still verifies, so every link already e-mailed keeps working.
 * node:crypto gives the MAC and the constant-time comparison; a token library would bring
 * algorithm choices and claims to a token that carries one id under one fixed MAC.
 * Used by the enroll answer's hold token and the parent's booking link.
 */
export interface SignedToken {
  id: string;
  version: number;
}

export interface SignedTokens {
  token(id: string, version?: number): string;
  /** The id and version a token names when its signature holds; null otherwise. */
  verify(token: string): SignedToken | null;
}

/** Ids are [A-Za-z0-9_-], so a dot separates the parts without escaping. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const VERSION = /^[1-9][0-9]{0,8}$/;
const SIGNATURE_LENGTH = 43;

export function createSignedTokens(secret: string | Buffer, purpose: string): SignedTokens {
  const sign = (id: string, version: number) =>
    createHmac('sha256', secret)
      .update(version === 0 ? `${purpose}/v1\n${id}` : `${purpose}/v1\n${id}\n${version}`)
      .digest('base64url');
  return {
    token(id, version = 0) {
      if (!ID.test(id)) throw new Error('not an id a token can name');
      if (!Number.isSafeInteger(version) || version < 0) throw new Error('not a token version');
      return version === 0 ? `${id}.${sign(id, 0)}` : `${id}.${version}.${sign(id, version)}`;
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length < 2 || parts.length > 3) return null;
      const id = parts[0]!;
      const signature = parts.at(-1)!;
      const versionText = parts.length === 3 ? parts[1]! : null;
      if (!ID.test(id) || signature.length !== SIGNATURE_LENGTH) return null;
      if (versionText !== null && !VERSION.test(versionText)) return null;
      const version = versionText === null ? 0 : Number(versionText);
      const expected = Buffer.from(sign(id, version));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { id, version } : null;
    },
  };
}
