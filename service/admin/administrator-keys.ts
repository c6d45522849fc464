import { createHash, randomBytes } from 'node:crypto';

/** Named administrators' keys start with this, so a key can be told apart from ADMIN_KEY at a glance. */
const PREFIX = 'gle_';
const KEY_SHAPE = /^gle_[A-Za-z0-9_-]{43}$/;

/** A new key: 256 random bits, base64url. It is shown once and never stored. */
export const newAdministratorKey = (): string => PREFIX + randomBytes(32).toString('base64url');

/**
 * What is stored of a key. A plain SHA-256 is enough here, unlike for passwords: the key is 256
 * random bits, so there is nothing to guess from the hash and a slow, salted hash (scrypt, argon2)
 * would only make every admin request slower without making a key any harder to find.
 */
export const hashAdministratorKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Cheap shape check before the store is asked, so junk keys cost no read. */
export const looksLikeAdministratorKey = (key: string): boolean => KEY_SHAPE.test(key);
