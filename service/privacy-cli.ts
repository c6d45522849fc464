import { ConfigError } from './core/config.js';
import { commandConfig, out, progress, rebuildEveryProjection, runCommand, usage } from './core/cli.js';
import { keptAdminKey } from './core/admin-key.js';
import { openStores } from './compose.js';
import { migratePlaintext, type MigrationProgress } from './privacy/migrate.js';

/**
 * Operator command for events written before personal fields were encrypted:
 *   npm run privacy -- migrate [--dry-run]
 * Stop the site first. Each stream with personal fields in clear is rewritten with them sealed,
 * the plaintext removed (overwritten rows and VACUUM on SQLite), then every projection is rebuilt.
 * Interrupted, it resumes where it stopped the next time it is run. `--dry-run` counts and changes
 * nothing.
 */
const USAGE = 'Usage: npm run privacy -- migrate [--dry-run]';

/** A bar on a terminal; elsewhere a plain line at most every 2 seconds. */
const migrationProgress = () =>
  progress<MigrationProgress>({
    format: 'migrate [{bar}] {percentage}% | {streams} streams, {events} events',
    bar: (p) => ({
      total: Math.max(Number(p.head) + 1, 1),
      value: Number(p.position) + 1,
      startAt: 0,
      payload: { streams: p.streams, events: p.events },
    }),
    line: (p) => `[migrate] position ${p.position} of ${p.head}: ${p.streams} streams, ${p.events} events`,
    everyMs: 2000,
  });

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  const dryRun = flags.includes('--dry-run');
  if (command !== 'migrate' || flags.some((f) => f !== '--dry-run')) return usage(USAGE);
  const config = commandConfig();
  // The pseudonyms (data subjects) must be the server's: its ADMIN_KEY, or the one it kept.
  config.ADMIN_KEY ??= config.embedded ? keptAdminKey(config.DATA_DIR) : undefined;
  if (!config.ADMIN_KEY && !config.PSEUDONYM_SECRET)
    throw new ConfigError('Invalid configuration:\n  ADMIN_KEY: set it (or PSEUDONYM_SECRET) as the server has it');
  const stores = await openStores(config);
  try {
    const bar = migrationProgress();
    const result = await migratePlaintext(stores, { dryRun, onProgress: (p) => bar.update(p) }).finally(() =>
      bar.stop(),
    );
    const resumed = result.resumedFrom >= 0n ? ` (resumed after position ${result.resumedFrom})` : '';
    if (dryRun) {
      out(
        `[migrate] dry run: ${result.streams} streams, ${result.events} events hold personal data in clear; nothing changed`,
      );
      return 0;
    }
    out(`[migrate] ${result.streams} streams, ${result.events} events encrypted${resumed}`);
    await stores.encryption.inner.compact?.();
    await rebuildEveryProjection(stores, 'migrate');
    await stores.readStore.compact?.();
    out('[migrate] done');
    return 0;
  } finally {
    await stores.close();
  }
}

runCommand('privacy', main);
