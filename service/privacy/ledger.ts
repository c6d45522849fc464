import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SubjectIdSchema } from '../../contracts/privacy/events.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../platform/private-files.js';

/**
 * Every erasure, also written down outside the stores: one JSON line per subject in
 * `BACKUP_DIR/erasure-ledger.jsonl`, beside the dated backups and never inside one. A backup taken
 * before an erasure still holds the subject's keys; `npm run restore` destroys them again from this
 * ledger, so restoring an old backup never brings an erased family back. It names subjects by id
 * (a pseudonym) and time only.
 */
export const LEDGER_FILE = 'erasure-ledger.jsonl';
export const ledgerPath = (backupDir: string) => join(backupDir, LEDGER_FILE);

export const LedgerEntrySchema = z.object({
  subjectId: SubjectIdSchema,
  at: z.string(),
  by: z.enum(['school', 'family']),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** Appends and syncs the entry before the erasure answers. */
export function writeToLedger(backupDir: string, entry: LedgerEntry): void {
  ensurePrivateDir(backupDir);
  const file = ledgerPath(backupDir);
  appendFileSync(file, JSON.stringify(LedgerEntrySchema.parse(entry)) + '\n', { mode: PRIVATE_FILE_MODE });
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The ledger's entries in order; a line cut short by a crash mid-write is skipped. */
export function readLedger(backupDir: string): LedgerEntry[] {
  const file = ledgerPath(backupDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.trim()) return [];
      try {
        const parsed = LedgerEntrySchema.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
}
