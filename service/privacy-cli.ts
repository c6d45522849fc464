import { Presets, SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from './core/config.js';
import { keptAdminKey } from './core/admin-key.js';
import { openStores } from './compose.js';
import { allProjectors } from '../projections/index.js';
import { rebuildProjection } from '../platform/processor/rebuild.js';
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
const out = (line = '') => process.stdout.write(line + '\n');

function reporter(): { update(p: MigrationProgress): void; stop(): void } {
  if (!process.stdout.isTTY) {
    let last = 0;
    return {
      update(p) {
        if (performance.now() - last < 2000) return;
        last = performance.now();
        out(`[migrate] position ${p.position} of ${p.head}: ${p.streams} streams, ${p.events} events`);
      },
      stop() {},
    };
  }
  const bar = new SingleBar(
    { format: 'migrate [{bar}] {percentage}% | {streams} streams, {events} events', hideCursor: true },
    Presets.shades_classic,
  );
  let begun = false;
  return {
    update(p) {
      const total = Math.max(Number(p.head) + 1, 1);
      if (!begun) bar.start(total, 0, { streams: 0, events: 0 });
      begun = true;
      bar.setTotal(total);
      bar.update(Number(p.position) + 1, { streams: p.streams, events: p.events });
    },
    stop: () => begun && bar.stop(),
  };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  const dryRun = flags.includes('--dry-run');
  if (command !== 'migrate' || flags.some((f) => f !== '--dry-run')) {
    process.stderr.write(USAGE + '\n');
    return 64;
  }
  const config = loadConfig(process.env, { takesPayments: false, signsBookingLinks: false, listens: false });
  // The pseudonyms (data subjects) must be the server's: its ADMIN_KEY, or the one it kept.
  config.ADMIN_KEY ??= config.embedded ? keptAdminKey(config.DATA_DIR) : undefined;
  if (!config.ADMIN_KEY && !config.PSEUDONYM_SECRET)
    throw new ConfigError('Invalid configuration:\n  ADMIN_KEY: set it (or PSEUDONYM_SECRET) as the server has it');
  const stores = await openStores(config);
  try {
    const bar = reporter();
    const result = await migratePlaintext(stores, { dryRun, onProgress: (p) => bar.update(p) });
    bar.stop();
    const resumed = result.resumedFrom >= 0n ? ` (resumed after position ${result.resumedFrom})` : '';
    if (dryRun) {
      out(
        `[migrate] dry run: ${result.streams} streams, ${result.events} events hold personal data in clear; nothing changed`,
      );
      return 0;
    }
    out(`[migrate] ${result.streams} streams, ${result.events} events encrypted${resumed}`);
    await stores.encryption.inner.compact?.();
    for (const projector of allProjectors) {
      const rebuilt = await rebuildProjection(projector, {
        eventStore: stores.eventStore,
        readStore: stores.readStore,
      });
      out(`[migrate] rebuilt ${projector.name}: ${rebuilt.events} events`);
    }
    await stores.readStore.compact?.();
    out('[migrate] done');
    return 0;
  } finally {
    await stores.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof ConfigError ? err.message : `privacy: ${err instanceof Error ? err.message : String(err)}`}\n`,
    );
    process.exitCode = err instanceof ConfigError ? 78 : 1;
  },
);
