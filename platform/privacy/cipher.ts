import { createCipheriv, createDecipheriv } from 'node:crypto';
import { randomBytesPooled } from './random.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM from node:crypto: a random 96-bit IV per message, the 128-bit tag, and the key's id
 * as additional data, so a ciphertext moved under another key id fails instead of decrypting.
 * Sealed as base64url(iv | tag | ciphertext). The raw key is given each time: a KeyObject kept per
 * key was slower on a rebuild (tens of thousands of native handles for the collector to walk).
 */
export function seal(key: Buffer, keyId: string, plaintext: string): string {
  const iv = randomBytesPooled(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(keyId));
  const body = cipher.update(plaintext, 'utf8');
  const last = cipher.final();
  return Buffer.concat([iv, cipher.getAuthTag(), body, last]).toString('base64url');
}

export function open(key: Buffer, keyId: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(keyId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const body = decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES));
  const last = decipher.final();
  return (last.length ? Buffer.concat([body, last]) : body).toString('utf8');
}
