import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { privacyStream } from '../../contracts/privacy/events.js';
import type { EventStore } from '../../platform/eventstore/port.js';
import type { KeyStore } from '../../platform/keystore/port.js';
import { ensurePrivateDir, tightenFile } from '../../platform/private-files.js';
import { readLedger, type LedgerEntry } from '../privacy/ledger.js';
import { DATABASES, SECRETS } from './backup.js';

/** Copies a backup's files into DATA_DIR, which must be empty: a restore never mixes two states. */
export function copyBackupInto(folder: string, dataDir: string): string[] {
  if (!existsSync(join(folder, 'events.db'))) throw new Error(`${folder} is not a backup: it has no events.db`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into an empty DATA_DIR (move the old one aside first)`);
  ensurePrivateDir(dataDir);
  const copied: string[] = [];
  for (const file of [...DATABASES, ...SECRETS]) {
    if (!existsSync(join(folder, file))) continue;
    copyFileSync(join(folder, file), join(dataDir, file));
    tightenFile(join(dataDir, file));
    copied.push(file);
  }
  return copied;
}

/** The erasure ledgers beside the backup and in BACKUP_DIR, once each subject (its first erasure). */
export function ledgerFor(folder: string, backupDir: string): LedgerEntry[] {
  const dirs = [...new Set([dirname(folder), backupDir])];
  const seen = new Set<string>();
  return dirs
    .flatMap((d) => readLedger(d))
    .filter((e) => {
      if (seen.has(e.subjectId)) return false;
      seen.add(e.subjectId);
      return true;
    });
}

/**
 * Every erasure of the ledger applied to the restored stores: the subject's keys destroyed again
 * (the backup may hold them), and `PersonalDataErased` recorded when the backup's events do not
 * have that erasure yet. Answers how many subjects had keys the backup still held.
 */
export async function applyErasures(
  stores: { eventStore: EventStore; keys: KeyStore },
  ledger: readonly LedgerEntry[],
): Promise<number> {
  let reapplied = 0;
  for (const entry of ledger) {
    const at = new Date(entry.at);
    if ((await stores.keys.destroy(entry.subjectId, at)) > 0) reapplied++;
    const stream = privacyStream(entry.subjectId);
    const recorded = (await stores.eventStore.readStream(stream)).some(
      (e) => e.type === 'PersonalDataErased' && (e.data as { at: string }).at === entry.at,
    );
    if (recorded) continue;
    const id = `restore-${entry.subjectId}`.slice(0, 100);
    await stores.eventStore.append(
      stream,
      [
        {
          id: randomUUID(),
          type: 'PersonalDataErased',
          data: { subjectId: entry.subjectId, at: entry.at, by: entry.by },
          metadata: { correlationId: id, causationId: id, actor: 'system', at: new Date().toISOString() },
        },
      ],
      'any',
    );
  }
  return reapplied;
}
