import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './core/config.js';
import { openStores } from './compose.js';
import { allProjectors } from '../projections/index.js';
import { rebuildProjection } from '../platform/processor/rebuild.js';
import { applyErasures, copyBackupInto, ledgerFor } from './backup/restore.js';

/**
 * `npm run restore <folder>`: the backup's files into an empty DATA_DIR, every erasure of the
 * erasure ledger applied again (a family erased after the backup stays erased), then every
 * projection rebuilt and the files compacted. Start the site afterwards.
 */
const out = (line = '') => process.stdout.write(line + '\n');

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1) {
    process.stderr.write('Usage: npm run restore <backup folder>\n');
    return 64;
  }
  const folder = resolve(argv[0]!);
  const config = loadConfig(process.env, { takesPayments: false, signsBookingLinks: false, listens: false });
  if (!config.embedded)
    throw new ConfigError(
      'Invalid configuration:\n  EVENTSTORE_URL / MONGODB_URL: npm run restore restores the embedded SQLite stores',
    );
  const copied = copyBackupInto(folder, config.DATA_DIR);
  out(`[restore] ${copied.join(', ')} into ${config.DATA_DIR}`);
  const stores = await openStores(config);
  try {
    const ledger = ledgerFor(folder, config.backupDir);
    const reapplied = await applyErasures(stores, ledger);
    out(`[restore] erasure ledger: ${ledger.length} subjects, ${reapplied} erased again`);
    for (const projector of allProjectors) {
      const rebuilt = await rebuildProjection(projector, {
        eventStore: stores.eventStore,
        readStore: stores.readStore,
      });
      out(`[restore] rebuilt ${projector.name}: ${rebuilt.events} events`);
    }
    await stores.readStore.compact?.();
    await stores.keys.compact?.();
    out('[restore] done: start the site');
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
      `${err instanceof ConfigError ? err.message : `restore: ${err instanceof Error ? err.message : String(err)}`}\n`,
    );
    process.exitCode = err instanceof ConfigError ? 78 : 1;
  },
);
