import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Compares in constant time. Both sides are hashed first so the comparison always runs over 32
 * equal-length bytes: neither the content nor the length of the real key leaks through timing.
 */
export function keyMatches(given: string | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
