import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFile } from '../../platform/private-files.js';

/**
 * On the embedded default without ADMIN_KEY, a key is generated on the first start, kept in
 * DATA_DIR/admin.key (owner-only) so it survives restarts, and printed once.
 */
export function ensureAdminKey(dataDir: string, print: (line: string) => void): string {
  const file = join(dataDir, 'admin.key');
  if (existsSync(file)) {
    tightenFile(file);
    print(`Admin key: kept in ${file} (set ADMIN_KEY to choose your own).`);
    return readFileSync(file, 'utf8').trim();
  }
  ensurePrivateDir(dataDir);
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, key + '\n', { mode: PRIVATE_FILE_MODE });
  print(`Admin key (generated once, kept in ${file}): ${key}`);
  return key;
}

/**
 * The key a server start kept in DATA_DIR, for an operator command run beside it (the privacy
 * migration, a restore): its pseudonyms must be the server's. Undefined when none was kept.
 */
export function keptAdminKey(dataDir: string): string | undefined {
  const file = join(dataDir, 'admin.key');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
