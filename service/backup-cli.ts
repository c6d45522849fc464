import { Presets, SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from './core/config.js';
import { backupDataDir, type BackupProgress } from './backup/backup.js';

/**
 * `npm run backup`: a consistent copy of the embedded default's stores (events, keys, read models,
 * offline payments) and secrets into a dated folder under BACKUP_DIR while the site serves, keeping
 * the newest BACKUP_KEEP. With KurrentDB and MongoDB, use their own tools (README, "Backups").
 */
const out = (line = '') => process.stdout.write(line + '\n');

function reporter(): { update(p: BackupProgress): void; stop(): void } {
  if (!process.stdout.isTTY) {
    let file = '';
    return {
      update(p) {
        if (p.file !== file) out(`[backup] ${(file = p.file)}`);
      },
      stop() {},
    };
  }
  const bar = new SingleBar(
    { format: '{file} [{bar}] {percentage}% | {value}/{total} pages', hideCursor: true },
    Presets.shades_classic,
  );
  let file = '';
  return {
    update(p) {
      if (p.file !== file) {
        if (file) bar.stop();
        file = p.file;
        bar.start(p.total, p.done, { file: p.file.padEnd(20) });
      }
      bar.setTotal(p.total);
      bar.update(p.done, { file: p.file.padEnd(20) });
    },
    stop: () => file && bar.stop(),
  };
}

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    process.stderr.write('Usage: npm run backup\n');
    return 64;
  }
  const config = loadConfig(process.env, { takesPayments: false, signsBookingLinks: false, listens: false });
  if (!config.embedded)
    throw new ConfigError(
      'Invalid configuration:\n  EVENTSTORE_URL / MONGODB_URL: npm run backup copies the embedded SQLite stores; back up KurrentDB and MongoDB with their own tools (README, Backups)',
    );
  const bar = reporter();
  const result = await backupDataDir({
    dataDir: config.DATA_DIR,
    backupDir: config.backupDir,
    keep: config.BACKUP_KEEP,
    now: new Date(),
    onProgress: (p) => bar.update(p),
  });
  bar.stop();
  out(`[backup] ${result.folder}: ${result.files.join(', ')}`);
  for (const old of result.removed) out(`[backup] removed ${old} (BACKUP_KEEP=${config.BACKUP_KEEP})`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof ConfigError ? err.message : `backup: ${err instanceof Error ? err.message : String(err)}`}\n`,
    );
    process.exitCode = err instanceof ConfigError ? 78 : 1;
  },
);
