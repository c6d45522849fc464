import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFile } from '../../platform/private-files.js';

/** The file that keeps the generated secret on the embedded default. */
export const bookingLinkSecretFile = (dataDir: string) => join(dataDir, 'booking-link.secret');

/**
 * On the embedded default without BOOKING_LINK_SECRET, a secret is generated on the first start and
 * kept in DATA_DIR (owner-only), so the links in e-mails already sent keep working after a restart.
 * Deleting the file (or setting another BOOKING_LINK_SECRET) revokes every link. Never printed:
 * unlike the admin key, nobody needs to type it.
 */
export function ensureBookingLinkSecret(dataDir: string): string {
  const file = bookingLinkSecretFile(dataDir);
  if (existsSync(file)) {
    tightenFile(file);
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: PRIVATE_FILE_MODE });
  tightenFile(file);
  return secret;
}
