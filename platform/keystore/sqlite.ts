import Database from 'better-sqlite3';
import { preparePrivateSqliteFile } from '../private-files.js';
import { randomBytesPooled } from '../privacy/random.js';
import { newKeyId } from './key-id.js';
import { type FileSyncer, WalSync } from '../wal-sync.js';
import { type KeyInfo, type KeyStore, KeyStoreUnavailableError, type SubjectKey } from './port.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS subject_keys (
  key_id       TEXT PRIMARY KEY,
  subject_id   TEXT NOT NULL,
  scope        TEXT NOT NULL,
  material     BLOB,
  created_at   TEXT NOT NULL,
  destroyed_at TEXT
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS subject_keys_live ON subject_keys (subject_id, scope) WHERE destroyed_at IS NULL;
CREATE TABLE IF NOT EXISTS key_generation (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL) STRICT;
INSERT OR IGNORE INTO key_generation (id, generation) VALUES (1, 0);
`;

interface KeyRow {
  key_id: string;
  subject_id: string;
  scope: string;
  created_at: string;
  destroyed_at: string | null;
}

/**
 * The embedded default's keys, in their own file (`DATA_DIR/keys.db`) so a backup takes them on
 * their own and an erasure compacts a small file. `secure_delete` makes SQLite overwrite what a
 * destroy frees, and the write-ahead log is truncated after each destroy, so the destroyed key's
 * bytes are in no file afterwards. A key must be on disk before an event encrypted with it is: a
 * new key is handed out only once its commit is synced (`WalSync`, off the event loop, as the
 * event store syncs its appends).
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly insertLive: Database.Statement<
    [string, string, string, Buffer, string],
    { key_id: string; material: Buffer }
  >;
  private readonly selectLive: Database.Statement<[string, string], { key_id: string; material: Buffer }>;
  private readonly selectById: Database.Statement<[string], { material: Buffer | null }>;
  private readonly selectSubject: Database.Statement<[string], KeyRow>;
  private readonly selectGeneration: Database.Statement<[], { generation: number }>;
  private readonly destroyTx: (subjectId: string, at: string, scope: string | undefined) => number;
  private closed = false;
  private queue: { subjectId: string; scope: string; resolve(k: SubjectKey): void; reject(e: unknown): void }[] = [];
  private readonly pending = new Map<string, Promise<SubjectKey>>();
  private flushScheduled = false;
  private readonly makeKeys: (batch: { subjectId: string; scope: string }[]) => SubjectKey[];
  private readonly walSync: WalSync;

  /** `syncer` is how its log is synced (a test holds or fails it). */
  constructor(
    readonly file: string,
    syncer?: FileSyncer,
  ) {
    preparePrivateSqliteFile(file);
    this.db = new Database(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.walSync = new WalSync(`${file}-wal`, syncer);
    this.db.pragma('secure_delete = ON');
    this.db.exec(SCHEMA);
    this.insertLive = this.db.prepare(
      'INSERT OR IGNORE INTO subject_keys (key_id, subject_id, scope, material, created_at) VALUES (?, ?, ?, ?, ?) RETURNING key_id, material',
    );
    this.selectLive = this.db.prepare(
      'SELECT key_id, material FROM subject_keys WHERE subject_id = ? AND scope = ? AND destroyed_at IS NULL',
    );
    this.selectById = this.db.prepare('SELECT material FROM subject_keys WHERE key_id = ?');
    this.selectSubject = this.db.prepare(
      'SELECT key_id, subject_id, scope, created_at, destroyed_at FROM subject_keys WHERE subject_id = ? ORDER BY created_at, rowid',
    );
    this.selectGeneration = this.db.prepare('SELECT generation FROM key_generation WHERE id = 1');
    const destroyAll = this.db.prepare(
      'UPDATE subject_keys SET material = NULL, destroyed_at = ? WHERE subject_id = ? AND destroyed_at IS NULL',
    );
    const destroyScope = this.db.prepare(
      'UPDATE subject_keys SET material = NULL, destroyed_at = ? WHERE subject_id = ? AND scope = ? AND destroyed_at IS NULL',
    );
    // A live key already there (made earlier, or by another process at the same moment: the unique
    // index on live keys keeps one) makes the insert do nothing, and that key is read instead.
    this.makeKeys = this.db.transaction((batch: { subjectId: string; scope: string }[]) => {
      const now = new Date().toISOString();
      return batch.map(({ subjectId, scope }) => {
        const made =
          this.insertLive.get(newKeyId(), subjectId, scope, randomBytesPooled(32), now) ??
          this.selectLive.get(subjectId, scope)!;
        return { keyId: made.key_id, key: made.material };
      });
    }).immediate;
    const bump = this.db.prepare('UPDATE key_generation SET generation = generation + 1 WHERE id = 1');
    this.destroyTx = this.db.transaction((subjectId: string, at: string, scope: string | undefined) => {
      const { changes } = scope === undefined ? destroyAll.run(at, subjectId) : destroyScope.run(at, subjectId, scope);
      if (changes > 0) bump.run();
      return changes;
    });
  }

  async activeKey(subjectId: string, scope: string): Promise<SubjectKey> {
    this.assertOpen();
    // Keys asked in the same turn of the event loop are looked up, and made when new, in one
    // transaction: one fsync for all of them, as the event store commits its appends (a new booking
    // makes a key or two). A key that exists costs no more there than a lookup here would, and the
    // cache above (cached.ts) asks for it once.
    const slot = `${subjectId}\n${scope}`;
    let made = this.pending.get(slot);
    if (!made) {
      made = new Promise<SubjectKey>((resolve, reject) => this.queue.push({ subjectId, scope, resolve, reject }));
      this.pending.set(slot, made);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    }
    return made;
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    this.pending.clear();
    let made: SubjectKey[];
    try {
      made = this.makeKeys(batch);
    } catch (cause) {
      const error = new KeyStoreUnavailableError(`SQLite key store could not commit: ${String(cause)}`, { cause });
      batch.forEach((p) => p.reject(error));
      return;
    }
    this.walSync.durable().then(
      () => batch.forEach((p, i) => p.resolve(made[i]!)),
      (cause: unknown) => {
        const error = new KeyStoreUnavailableError(`SQLite key store could not sync: ${String(cause)}`, { cause });
        batch.forEach((p) => p.reject(error));
      },
    );
  }

  async keyById(keyId: string): Promise<Buffer | null> {
    this.assertOpen();
    return this.selectById.get(keyId)?.material ?? null;
  }

  async keysById(keyIds: readonly string[]): Promise<Map<string, Buffer | null>> {
    this.assertOpen();
    const found = new Map<string, Buffer | null>(keyIds.map((id) => [id, null]));
    // In chunks under SQLite's limit of bound parameters.
    for (let i = 0; i < keyIds.length; i += 500) {
      const chunk = keyIds.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT key_id, material FROM subject_keys WHERE key_id IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as { key_id: string; material: Buffer | null }[];
      for (const r of rows) found.set(r.key_id, r.material);
    }
    return found;
  }

  async destroy(subjectId: string, at: Date, scope?: string): Promise<number> {
    this.assertOpen();
    const n = this.destroyTx(subjectId, at.toISOString(), scope);
    // The log still holds the pages as they were: write them back and empty it.
    if (n > 0) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return n;
  }

  async keysOf(subjectId: string): Promise<KeyInfo[]> {
    this.assertOpen();
    return this.selectSubject.all(subjectId).map((r) => ({
      keyId: r.key_id,
      subjectId: r.subject_id,
      scope: r.scope,
      createdAt: r.created_at,
      destroyedAt: r.destroyed_at,
    }));
  }

  async generation(): Promise<number> {
    this.assertOpen();
    return this.selectGeneration.get()!.generation;
  }

  /** Rewrites the file without free pages (after an erasure), and empties the log. */
  async compact(): Promise<void> {
    this.assertOpen();
    this.db.exec('VACUUM');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.queue.length) this.flush();
    this.closed = true;
    await this.walSync.close();
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new KeyStoreUnavailableError('The SQLite key store is closed');
  }
}
