import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * On the embedded default without ADMIN_KEY, a key is generated on the first start, kept in
 * DATA_DIR/admin.key (owner-only) so it survives restarts, and printed once.
 */
export function ensureAdminKey(dataDir: string, print: (line: string) => void): string {
  const file = join(dataDir, 'admin.key');
  if (existsSync(file)) {
    print(`Admin key: kept in ${file} (set ADMIN_KEY to choose your own).`);
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  print(`Admin key (generated once, kept in ${file}): ${key}`);
  return key;
}
