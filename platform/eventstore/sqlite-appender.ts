import Database from 'better-sqlite3';
import { preparePrivateSqliteFile } from '../private-files.js';
import { checkExpected } from './expected.js';
import { type AppendResult, type ExpectedRevision, WrongExpectedRevisionError } from './port.js';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  id        TEXT    NOT NULL,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  UNIQUE (stream_id, revision)
) STRICT;
`;

/** Opens the event file with the settings every connection to it uses (see sqlite.ts on durability). */
export function openEventsDb(file: string): Database.Database {
  preparePrivateSqliteFile(file);
  const db = new Database(file);
  // Another connection (the projections, another process) may hold the file briefly; wait instead of failing at once.
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // Rewritten events (the privacy migration) leave no old bytes in free space.
  db.pragma('secure_delete = ON');
  db.exec(SCHEMA);
  return db;
}

/** One append as it is written: its events' data and metadata already JSON, so it crosses to a writer thread as strings. */
export interface WireAppend {
  streamId: string;
  expected: ExpectedRevision;
  events: { id: string; type: string; data: string; metadata: string }[];
}

export type WireOutcome =
  | { ok: true; result: AppendResult }
  | { ok: false; wrongExpected?: { expected: ExpectedRevision; actual: bigint | 'no_stream' }; message: string };

/** The refusal an outcome carries, as the caller's error: a wrong expected revision stays one. */
export function outcomeError(streamId: string, outcome: Extract<WireOutcome, { ok: false }>): Error {
  return outcome.wrongExpected
    ? new WrongExpectedRevisionError(streamId, outcome.wrongExpected.expected, outcome.wrongExpected.actual)
    : new Error(outcome.message);
}

/**
 * Writes batches of appends to the event file: ONE immediate transaction per batch (one fsync),
 * each append checked against its expected revision under its own savepoint, so a refused one
 * undoes only itself. Used on the API's thread, or inside the writer thread (sqlite-appender-thread.ts).
 * Throws when the commit itself fails: then nothing of the batch is durable.
 */
export class SqliteAppender {
  readonly write: (batch: WireAppend[]) => WireOutcome[];
  private readonly insert: Database.Statement;
  private readonly streamHead: Database.Statement<[string]>;
  private readonly globalHead: Database.Statement<[]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      'INSERT INTO events (position, stream_id, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.streamHead = db
      .prepare<[string]>('SELECT MAX(revision) FROM events WHERE stream_id = ?')
      .pluck()
      .safeIntegers(true);
    this.globalHead = db.prepare<[]>('SELECT MAX(position) FROM events').pluck().safeIntegers(true);
    const appendOne = db.transaction((p: WireAppend, head: bigint): AppendResult => this.writeAppend(p, head));
    // IMMEDIATE takes the write lock before reading the heads, so another writer cannot slip in
    // between the read and the insert.
    this.write = db.transaction((batch: WireAppend[]): WireOutcome[] => {
      let head = this.head();
      return batch.map((p): WireOutcome => {
        try {
          // A nested transaction is a savepoint: a throw undoes only this append.
          const result = appendOne(p, head);
          head = result.position;
          return { ok: true, result };
        } catch (error) {
          return error instanceof WrongExpectedRevisionError
            ? { ok: false, wrongExpected: { expected: error.expected, actual: error.actual }, message: error.message }
            : { ok: false, message: error instanceof Error ? error.message : String(error) };
        }
      });
    }).immediate;
  }

  head(): bigint {
    return (this.globalHead.get() as bigint | null) ?? -1n;
  }

  private writeAppend(p: WireAppend, head: bigint): AppendResult {
    const last = this.streamHead.get(p.streamId) as bigint | null;
    checkExpected(p.streamId, p.expected, last === null ? 'no_stream' : last);
    let revision = last ?? -1n;
    let position = head;
    for (const e of p.events) {
      revision += 1n;
      position += 1n;
      this.insert.run(position, p.streamId, revision, e.id, e.type, e.data, e.metadata);
    }
    return { nextExpectedRevision: revision, position };
  }
}
