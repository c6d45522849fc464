import { createHash, randomBytes } from 'node:crypto';
import { giftCardCodeFromBytes, normalizeGiftCardCode } from '../../contracts/gift-cards/code.js';

/** A new code: 80 bits from node:crypto's generator, 16 characters of Crockford base 32. */
export const newGiftCardCode = (random: (n: number) => Uint8Array = randomBytes) => giftCardCodeFromBytes(random(10));

/**
 * The card's id, and so its stream (`gift-card-<id>`): the SHA-256 of its code, cut to 132 bits.
 * Found from the code alone, with no lookup table; the id tells nothing of the code. A fast
 * unsalted hash is enough because the code is 80 random bits, not something a person chose.
 */
export const giftCardIdFor = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);

/** The card a typed code names, or null when it cannot be a code. */
export function giftCardIdOfTyped(typed: string): { code: string; giftCardId: string } | null {
  const code = normalizeGiftCardCode(typed);
  return code ? { code, giftCardId: giftCardIdFor(code) } : null;
}
