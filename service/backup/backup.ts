import { copyFileSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, tightenFile } from '../../platform/private-files.js';

/**
 * The embedded default's files a backup copies, in this order: the read store first, so the
 * checkpoints it holds are never ahead of the events copied after it (what was handled between the
 * two copies is handled again after a restore, as after a crash); the events; then the keys, so
 * every event in the copy finds its key (a key destroyed meanwhile stays destroyed: erased is
 * erased); then the offline provider's payments.
 */
export const DATABASES = ['read.db', 'events.db', 'keys.db', 'offline-payments.db'] as const;
/** Kept by the server in DATA_DIR and needed to read the rest: its pseudonyms and signed links. */
export const SECRETS = ['admin.key', 'booking-link.secret'] as const;
export const BACKUP_PREFIX = 'backup-';

export interface BackupProgress {
  file: string;
  /** Pages copied of the file so far, and its size in pages. */
  done: number;
  total: number;
}

export interface BackupOptions {
  dataDir: string;
  backupDir: string;
  /** How many dated backups to keep, this one included. */
  keep: number;
  now: Date;
  onProgress?: (p: BackupProgress) => void;
}

export interface BackupResult {
  folder: string;
  files: string[];
  /** Older backups removed to keep `keep`. */
  removed: string[];
}

/** `backup-2025-08-01T02-00-00Z`: sorts by time, safe in any file system. */
export const backupName = (at: Date) =>
  `${BACKUP_PREFIX}${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}`;

/** Restarts taken while the site writes before the rest is copied in one step. */
const RESTARTS_BEFORE_ONE_STEP = 3;

/**
 * One consistent copy of a SQLite file while the site goes on writing to it, through SQLite's
 * online backup API (better-sqlite3's `backup`): page by page for the progress bar; a write by the
 * site between two steps restarts the copy, and after a few restarts the rest goes in one step,
 * which SQLite makes under one read transaction.
 */
async function copyDatabase(source: string, target: string, report: (done: number, total: number) => void) {
  const db = new Database(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    let restarts = 0;
    let lastRemaining = Infinity;
    await db.backup(target, {
      progress({ totalPages, remainingPages }) {
        if (remainingPages > lastRemaining) restarts++;
        lastRemaining = remainingPages;
        report(totalPages - remainingPages, totalPages);
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? 0x7fffffff : Math.max(64, Math.ceil(totalPages / 20));
      },
    });
  } finally {
    db.close();
  }
  tightenFile(target);
}

/**
 * `npm run backup`: a dated folder under BACKUP_DIR with a consistent copy of each of the embedded
 * default's databases and its secrets, written as `<name>.partial` and renamed once whole (so a
 * backup cut short is never taken for one), then all but the newest `keep` backups removed. The
 * erasure ledger beside the folders is never copied into one.
 */
export async function backupDataDir(options: BackupOptions): Promise<BackupResult> {
  const { dataDir, backupDir } = options;
  if (!existsSync(join(dataDir, 'events.db'))) throw new Error(`${dataDir} holds no events.db: nothing to back up`);
  ensurePrivateDir(backupDir);
  const name = backupName(options.now);
  const partial = join(backupDir, `${name}.partial`);
  rmSync(partial, { recursive: true, force: true });
  ensurePrivateDir(partial);
  const files: string[] = [];
  for (const file of DATABASES) {
    const source = join(dataDir, file);
    if (!existsSync(source)) continue;
    await copyDatabase(source, join(partial, file), (done, total) => options.onProgress?.({ file, done, total }));
    options.onProgress?.({ file, done: 1, total: 1 });
    files.push(file);
  }
  for (const file of SECRETS) {
    if (!existsSync(join(dataDir, file))) continue;
    copyFileSync(join(dataDir, file), join(partial, file));
    tightenFile(join(partial, file));
    files.push(file);
  }
  const folder = join(backupDir, name);
  renameSync(partial, folder);
  return { folder, files, removed: prune(backupDir, options.keep) };
}

/** Removes all but the newest `keep` whole backups; answers the removed folders. */
function prune(backupDir: string, keep: number): string[] {
  const backups = readdirSync(backupDir)
    .filter((f) => f.startsWith(BACKUP_PREFIX) && !f.endsWith('.partial'))
    .filter((f) => statSync(join(backupDir, f)).isDirectory())
    .sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const f of old) rmSync(join(backupDir, f), { recursive: true, force: true });
  return old.map((f) => join(backupDir, f));
}
