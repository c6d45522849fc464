import type { Config } from '../core/config.js';
import { createSignedTokens, type SignedTokens } from '../core/signed-token.js';

/**
 * The verification address a certificate's QR code carries, `/certificate/<number>.<signature>`:
 * the number signed by the school (service/core/signed-token.ts, purpose `certificate`, under
 * BOOKING_LINK_SECRET). The bare number verifies too, as printed; a signature that does not hold
 * answers as an unknown number, so an address someone altered proves nothing. Revocation is the
 * stream's to say, whatever the signature.
 */
export interface CertificateLinks {
  token(number: string): string;
  /** The number a token or a bare number names; null for a signature that does not hold. */
  numberOf(tokenOrNumber: string): string | null;
}

const byConfig = new WeakMap<Config, CertificateLinks>();

export function createCertificateLinks(secret: string | null): CertificateLinks {
  const tokens: SignedTokens | null = secret ? createSignedTokens(secret, 'certificate') : null;
  return {
    token: (number) => (tokens ? tokens.token(number) : number),
    numberOf(given) {
      if (!given.includes('.')) return given;
      const signed = tokens?.verify(given);
      return signed && signed.version === 0 ? signed.id : null;
    },
  };
}

export function certificateLinksFor(config: Config): CertificateLinks {
  let links = byConfig.get(config);
  if (!links) {
    links = createCertificateLinks(config.BOOKING_LINK_SECRET ?? null);
    byConfig.set(config, links);
  }
  return links;
}

/** The public address of a certificate's verification page. */
export const verificationAddress = (config: Config, number: string) =>
  `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '')}/certificate/${certificateLinksFor(config).token(number)}`;
