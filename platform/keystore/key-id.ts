import { randomBytes } from 'node:crypto';

/** A key's id: random, so it says nothing of its subject (the event carries it beside the ciphertext). */
export const newKeyId = () => `k_${randomBytes(12).toString('base64url')}`;
