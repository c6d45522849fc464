import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * DATA_DIR holds parents' names, e-mails, phones and children's details: only the service's own
 * user may read it. Folders are 0700 and files 0600, set when created and tightened when a file
 * from an older start is found wider.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) owner-only, and tightens it if it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Tightens a file to owner-only if it exists. */
export function tightenFile(file: string): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Prepares a SQLite database file: its folder is created if missing (owner-only), and the file is
 * created empty and owner-only before SQLite opens it, so SQLite (which gives its -wal, -shm and
 * -journal files the permissions of the database file) never makes a world-readable copy.
 */
export function preparePrivateSqliteFile(file: string): void {
  if (file === ':memory:' || file === '') return;
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) tightenFile(f);
}
