import { createHash, randomBytes } from 'node:crypto';
import { giftCardCodeFromBytes, normalizeGiftCardCode } from '../../../contracts/gift-cards/code.js';

/** A new pack code: 80 random bits, written as a gift card's (16 characters of Crockford base 32). */
export const newLessonPackCode = (random: (n: number) => Uint8Array = randomBytes) => giftCardCodeFromBytes(random(10));

/**
 * The pack's id, and so its stream (`lesson-pack-<id>`): a hash of its code, found from the code
 * alone and telling nothing of it. Salted with the purpose, so a pack and a gift card never share an id.
 */
export const lessonPackIdFor = (code: string) =>
  createHash('sha256').update(`lesson-pack:${code}`).digest('base64url').slice(0, 22);

/** The pack a typed code names, or null when it cannot be a code. */
export function lessonPackOfTyped(typed: string): { code: string; lessonPackId: string } | null {
  const code = normalizeGiftCardCode(typed);
  return code ? { code, lessonPackId: lessonPackIdFor(code) } : null;
}
