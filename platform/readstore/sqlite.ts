import { preparePrivateSqliteFile } from '../private-files.js';
import Database from 'better-sqlite3';
import { compileOrder, compileWhere, searchKeys, table } from './sqlite-query.js';
import {
  type CheckpointWrite,
  type DocValue,
  type FindResult,
  type FindWithTotalResult,
  type Query,
  type ReadStore,
  type StoredDoc,
  type WriteOp,
  LeaseLostError,
  ReadStoreUnavailableError,
} from './port.js';

type Db = Database.Database;
type Statement = Database.Statement;

/**
 * One table per collection, `rm_<collection>` (id, position, lc, doc), so `swap` is a rename inside
 * one transaction however large the collection.
 * - position: SQLite INTEGER (int64), read back as bigint, so it compares exactly.
 * - doc: JSONB (binary JSON), so filters and sort keys are read without parsing text; NULL is a tombstone.
 * - lc: JSONB of the lower-cased string fields, the id under the key "", folded by JavaScript (so
 *   non-ASCII folds as in the other adapters). A search first looks for the text anywhere in this
 *   blob, which rejects most rows with one byte search, and only then checks the named fields.
 */
const isMissingTable = (err: unknown) => err instanceof Error && /no such table/.test(err.message);
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|CORRUPT|NOTADB)/;

export interface SqliteReadStoreOptions {
  /** Milliseconds a writer waits for another process's transaction before giving up (default 5000). */
  busyTimeoutMs?: number;
}

/** An op as the upsert's parameters: id, position, search keys, document (the last two null to delete). */
interface Row {
  collection: string;
  values: [string, bigint, string | null, string | null];
}

const rowOf = (op: WriteOp): Row => ({
  collection: op.collection,
  values:
    op.kind === 'put'
      ? [op.id, op.position, searchKeys(op.id, op.doc), JSON.stringify(op.doc)]
      : [op.id, op.position, null, null],
});

interface PendingWrite {
  ops: WriteOp[];
  checkpoint?: CheckpointWrite;
  resolve(): void;
  reject(error: unknown): void;
}

export class SqliteReadStore implements ReadStore {
  private readonly db: Db;
  private readonly statements = new Map<string, Statement>();
  private readonly writeBatch: (batch: PendingWrite[]) => unknown[];
  private pending: PendingWrite[] = [];
  private flushScheduled = false;
  /** Tables known to be there, so a write does not ask SQLite to create one each time. */
  private readonly tables = new Set<string>();

  constructor(
    readonly filename: string,
    options: SqliteReadStoreOptions = {},
  ) {
    try {
      preparePrivateSqliteFile(filename);
      this.db = new Database(filename, { timeout: options.busyTimeoutMs ?? 5000 });
    } catch (err) {
      throw new ReadStoreUnavailableError(`Read store ${filename} cannot be opened`, { cause: err });
    }
    this.db.pragma('journal_mode = WAL');
    // Read models can be rebuilt from the events, so losing the last commits on power loss is fine.
    this.db.pragma('synchronous = NORMAL');
    // The log is written back into the file every 8,000 pages (32 MB) instead of SQLite's 1,000: a
    // document rewritten many times between two checkpoints (a roster, a gift card) is copied once.
    // Measured at load (npm run bench, pricing): a tenth less CPU on the projections thread.
    this.db.pragma('wal_autocheckpoint = 8000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS _checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS _leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
    `);
    // What may refuse one write (its lease lost, a document that is no JSON) is checked before any
    // of its statements runs, so a refused write leaves nothing behind and the others go on. A
    // savepoint per write would do the same at a price: SQLite then journals every page a write
    // touches that an earlier write of the batch had touched (the checkpoints' page, every time).
    // An error of SQLite itself fails the whole transaction, and every write of the batch with it.
    this.writeBatch = this.db.transaction((batch: PendingWrite[]) =>
      batch.map((w) => {
        let rows: Row[];
        try {
          this.checkLease(w.checkpoint);
          rows = w.ops.map(rowOf);
        } catch (error) {
          return error;
        }
        this.applyRows(rows, w.checkpoint);
        return null;
      }),
    ).immediate;
  }

  async get<T extends DocValue = DocValue>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    return this.run(() => {
      const row = this.readRow<{ position: bigint; doc: string }>(
        `SELECT position, json(doc) AS doc FROM ${table(collection)} WHERE id = ? AND doc IS NOT NULL`,
        [id],
      );
      return row ? { id, position: row.position, doc: JSON.parse(row.doc) as T } : null;
    });
  }

  async getMany<T extends DocValue = DocValue>(collection: string, ids: string[]): Promise<Map<string, StoredDoc<T>>> {
    return this.run(() => this.loadMany<T>(collection, ids));
  }

  private loadMany<T extends DocValue>(collection: string, ids: string[]): Map<string, StoredDoc<T>> {
    const out = new Map<string, StoredDoc<T>>();
    if (ids.length === 0) return out;
    const rows = this.readRows<{ id: string; position: bigint; doc: string }>(
      `SELECT id, position, json(doc) AS doc FROM ${table(collection)} WHERE id IN (SELECT value FROM json_each(?)) AND doc IS NOT NULL`,
      [JSON.stringify(ids)],
    );
    for (const r of rows) out.set(r.id, { id: r.id, position: r.position, doc: JSON.parse(r.doc) as T });
    return out;
  }

  async find<T extends DocValue = DocValue>(collection: string, query: Query = {}): Promise<FindResult<T>> {
    return this.run(() => ({ items: this.select<T>(collection, query, false).items }));
  }

  async findWithTotal<T extends DocValue = DocValue>(
    collection: string,
    query: Query = {},
  ): Promise<FindWithTotalResult<T>> {
    return this.run(() => {
      const { items, total } = this.select<T>(collection, query, true);
      return { items, total: total! };
    });
  }

  /**
   * Left out on purpose: the embedded store holds one school's data in one file, and each index
   * would be one more write on the enrollment path; `npm run bench` prints its tracker query times.
   */
  async ensureIndexes(): Promise<void> {}

  private select<T extends DocValue>(
    collection: string,
    query: Query,
    withTotal: boolean,
  ): { items: StoredDoc<T>[]; total?: number } {
    const { where, params } = compileWhere(query);
    const order = compileOrder(query);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? -1;
    const t = table(collection);
    let page: { id: string }[];
    let total: number | undefined;
    if (query.search?.text && withTotal) {
      // A search is the costly filter: evaluate it once into a temporary result, then count and page that.
      const rows = this.readRows<{ id: string; total: bigint }>(
        `WITH m AS MATERIALIZED (SELECT id, ${order.map((o, i) => `${o.replace(/ (ASC|DESC)$/, '')} AS k${i}`).join(', ')} FROM ${t} WHERE ${where})
         SELECT id, (SELECT count(*) FROM m) AS total FROM m ORDER BY ${order.map((o, i) => `k${i}${o.endsWith('DESC') ? ' DESC' : ''}`).join(', ')} LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      );
      page = rows;
      total = rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? this.count(t, where, params) : 0;
    } else {
      // Sort ids only, then load the page's documents, and count apart: a count(*) OVER () window or
      // converting every matching document back to text before the sort is several times slower.
      page = this.readRows<{ id: string }>(
        `SELECT id FROM ${t} WHERE ${where} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      );
      if (withTotal)
        total = offset === 0 && (limit < 0 || page.length < limit) ? page.length : this.count(t, where, params);
    }
    const docs = this.loadMany<T>(
      collection,
      page.map((r) => r.id),
    );
    return { items: page.map((r) => docs.get(r.id)!), total };
  }

  private count(t: string, where: string, params: unknown[]): number {
    return Number(this.readRow<{ n: bigint }>(`SELECT count(*) AS n FROM ${t} WHERE ${where}`, params)?.n ?? 0);
  }

  /**
   * Group commit: the writes of one turn of the event loop (every projector's batch of the same
   * events, a reactor's checkpoint) go into one transaction, written in a `setImmediate` callback.
   * A commit costs more than most batches' upserts, and most batches of most projectors are their
   * checkpoint only. Each write settles after the commit.
   */
  write(ops: WriteOp[], checkpoint?: CheckpointWrite): Promise<void> {
    if (!this.db.open) return Promise.reject(new ReadStoreUnavailableError(`Read store ${this.filename} is closed`));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ ops, checkpoint, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flushWrites());
      }
    });
  }

  private flushWrites(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let outcomes: unknown[];
    try {
      outcomes = this.run(() => this.writeBatch(batch));
    } catch (error) {
      batch.forEach((w) => w.reject(error));
      return;
    }
    batch.forEach((w, i) => {
      const error = outcomes[i];
      if (error === null) w.resolve();
      else w.reject(this.unavailable(error));
    });
  }

  private checkLease(checkpoint: CheckpointWrite | undefined): void {
    if (checkpoint?.leaseOwner === undefined) return;
    // Ownership, not expiry, decides: checked inside the write transaction, an owner still on
    // record means nobody took over.
    const lease = this.stmt('SELECT owner FROM _leases WHERE name = ?').get(checkpoint.projection) as
      { owner: string } | undefined;
    if (lease?.owner !== checkpoint.leaseOwner) throw new LeaseLostError(checkpoint.projection, checkpoint.leaseOwner);
  }

  private applyRows(rows: Row[], checkpoint: CheckpointWrite | undefined): void {
    let collection: string | undefined;
    let upsert: Statement | undefined;
    for (const { collection: c, values } of rows) {
      if (c !== collection) {
        collection = c;
        upsert = this.upsertFor(c);
      }
      try {
        upsert!.run(...values);
      } catch (err) {
        if (!isMissingTable(err)) throw err;
        this.tables.clear();
        upsert = this.upsertFor(c);
        upsert.run(...values);
      }
    }
    if (checkpoint) this.setCheckpoint(checkpoint.projection, checkpoint.position);
  }

  /**
   * Creates the table on first use, and again when it was dropped since (by a reset here or in
   * another process): the upsert then fails with "no such table" and is run once more.
   */
  private upsertFor(collection: string): Statement {
    const t = table(collection);
    if (!this.tables.has(t)) {
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, position INTEGER NOT NULL, lc BLOB, doc BLOB)`,
      );
      this.tables.add(t);
    }
    return this.stmt(
      `INSERT INTO ${t} (id, position, lc, doc) VALUES (?, ?, jsonb(?), jsonb(?))
       ON CONFLICT (id) DO UPDATE SET position = excluded.position, lc = excluded.lc, doc = excluded.doc WHERE excluded.position > ${t}.position`,
    );
  }

  private setCheckpoint(name: string, position: bigint): void {
    this.stmt(
      'INSERT INTO _checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    ).run(name, position);
  }

  async getCheckpoint(projection: string): Promise<bigint> {
    return this.run(
      () =>
        this.readRow<{ position: bigint }>('SELECT position FROM _checkpoints WHERE name = ?', [projection])
          ?.position ?? -1n,
    );
  }

  async listCheckpoints(): Promise<Map<string, bigint>> {
    return this.run(() => {
      const rows = this.readRows<{ name: string; position: bigint }>(
        'SELECT name, position FROM _checkpoints ORDER BY name',
        [],
      );
      return new Map(rows.map((r) => [r.name, r.position]));
    });
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    // Writes asked for before this come before it.
    this.flushWrites();
    this.run(() =>
      this.db
        .transaction(() => {
          this.stmt('DELETE FROM _checkpoints WHERE name = ?').run(projection);
          for (const c of collections) this.db.exec(`DROP TABLE IF EXISTS ${table(c)}`);
        })
        .immediate(),
    );
    this.statements.clear();
    this.tables.clear();
  }

  async swap(
    pairs: [live: string, shadow: string][],
    projection: string,
    shadowProjection: string,
    position: bigint,
  ): Promise<void> {
    this.flushWrites();
    this.run(() =>
      this.db
        .transaction(() => {
          for (const [live, shadow] of pairs) {
            this.db.exec(`DROP TABLE IF EXISTS ${table(live)}`);
            const exists = this.db
              .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
              .get(`rm_${shadow}`);
            if (exists) this.db.exec(`ALTER TABLE ${table(shadow)} RENAME TO ${table(live)}`);
          }
          this.setCheckpoint(projection, position);
          this.stmt('DELETE FROM _checkpoints WHERE name = ?').run(shadowProjection);
        })
        .immediate(),
    );
    this.statements.clear();
    this.tables.clear();
  }

  async acquireLease(name: string, owner: string, ttlMs: number, force = false): Promise<boolean> {
    this.flushWrites();
    return this.run(() =>
      this.db
        .transaction(() => {
          const now = Date.now();
          const lease = this.stmt('SELECT owner, expires_at FROM _leases WHERE name = ?').get(name) as
            { owner: string; expires_at: number } | undefined;
          if (!force && lease && lease.owner !== owner && lease.expires_at > now) return false;
          this.stmt(
            'INSERT INTO _leases (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at',
          ).run(name, owner, now + ttlMs);
          return true;
        })
        .immediate(),
    );
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.flushWrites();
    this.run(() => this.stmt('DELETE FROM _leases WHERE name = ? AND owner = ?').run(name, owner));
  }

  /**
   * Rewrites the file with live rows only and empties the write-ahead log, so nothing deleted or
   * overwritten (a read model rebuilt after an erasure) stays in a free page or an old log frame.
   */
  async compact(): Promise<void> {
    this.flushWrites();
    this.run(() => {
      this.statements.clear();
      this.tables.clear();
      this.db.exec('VACUUM');
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    });
  }

  async close(): Promise<void> {
    if (this.db.open) this.flushWrites();
    this.statements.clear();
    this.tables.clear();
    if (this.db.open) this.db.close();
  }

  private stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      if (s.reader) s.safeIntegers(true);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, s);
    }
    return s;
  }

  /** A collection never written reads as empty. */
  private readRows<R>(sql: string, params: unknown[]): R[] {
    try {
      return this.stmt(sql).all(...params) as R[];
    } catch (err) {
      if (isMissingTable(err)) return [];
      throw err;
    }
  }

  private readRow<R>(sql: string, params: unknown[]): R | undefined {
    return this.readRows<R>(sql, params)[0];
  }

  private run<R>(fn: () => R): R {
    try {
      return fn();
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  /** A store that cannot be used now as ReadStoreUnavailableError; anything else as it is. */
  private unavailable(err: unknown): unknown {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE.test(code))
      return new ReadStoreUnavailableError(`Read store ${this.filename}: ${code}`, { cause: err });
    if (err instanceof TypeError && /database connection is not open/.test(err.message))
      return new ReadStoreUnavailableError(`Read store ${this.filename} is closed`, { cause: err });
    return err;
  }
}
