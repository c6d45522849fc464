import { resolve } from 'node:path';
import { ConfigError } from './core/config.js';
import { commandConfig, out, rebuildEveryProjection, runCommand, usage } from './core/cli.js';
import { openStores } from './compose.js';
import { applyErasures, copyBackupInto, ledgerFor } from './backup/restore.js';

/**
 * `npm run restore <folder>`: the backup's files into an empty DATA_DIR, every erasure of the
 * erasure ledger applied again (a family erased after the backup stays erased), then every
 * projection rebuilt and the files compacted. Start the site afterwards.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1) return usage('Usage: npm run restore <backup folder>');
  const folder = resolve(argv[0]!);
  const config = commandConfig();
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
    await rebuildEveryProjection(stores, 'restore');
    await stores.readStore.compact?.();
    await stores.keys.compact?.();
    out('[restore] done: start the site');
    return 0;
  } finally {
    await stores.close();
  }
}

runCommand('restore', main);
