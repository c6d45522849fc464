import { ConfigError } from './core/config.js';
import { commandConfig, out, progress, runCommand, usage } from './core/cli.js';
import { backupDataDir, type BackupProgress } from './backup/backup.js';

/**
 * `npm run backup`: a consistent copy of the embedded default's stores (events, keys, read models,
 * offline payments) and secrets into a dated folder under BACKUP_DIR while the site serves, keeping
 * the newest BACKUP_KEEP. With KurrentDB and MongoDB, use their own tools (README, "Backups").
 */

/** A bar per file on a terminal; elsewhere a line as each file begins. */
const backupProgress = () =>
  progress<BackupProgress>({
    format: '{file} [{bar}] {percentage}% | {value}/{total} pages',
    bar: (p) => ({ total: p.total, value: p.done, payload: { file: p.file.padEnd(20) }, key: p.file }),
    line: (p) => `[backup] ${p.file}`,
  });

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) return usage('Usage: npm run backup');
  const config = commandConfig();
  if (!config.embedded)
    throw new ConfigError(
      'Invalid configuration:\n  EVENTSTORE_URL / MONGODB_URL: npm run backup copies the embedded SQLite stores; back up KurrentDB and MongoDB with their own tools (README, Backups)',
    );
  const bar = backupProgress();
  const result = await backupDataDir({
    dataDir: config.DATA_DIR,
    backupDir: config.backupDir,
    keep: config.BACKUP_KEEP,
    now: new Date(),
    onProgress: (p) => bar.update(p),
  }).finally(() => bar.stop());
  out(`[backup] ${result.folder}: ${result.files.join(', ')}`);
  for (const old of result.removed) out(`[backup] removed ${old} (BACKUP_KEEP=${config.BACKUP_KEEP})`);
  return 0;
}

runCommand('backup', main);
