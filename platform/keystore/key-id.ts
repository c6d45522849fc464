import { randomBytesPooled } from '../privacy/random.js';

/** A key's id: random, so it says nothing of its subject (the event carries it beside the ciphertext). */
export const newKeyId = () => `k_${randomBytesPooled(12).toString('base64url')}`;
