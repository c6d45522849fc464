/**
 * The read store holds projected documents by collection and id. Every document carries the
 * global position of the event that last changed it, so a write from an older (replayed) event is
 * refused and a replay changes nothing.
 */
export type DocValue = Record<string, unknown>;

export interface StoredDoc<T extends DocValue = DocValue> {
  id: string;
  position: bigint;
  doc: T;
}

export type WriteOp =
  /** Store `doc` under `id` unless the stored document's position is >= `position`. */
  | { kind: 'put'; collection: string; id: string; doc: DocValue; position: bigint }
  /** Delete `id` unless the stored document's position is >= `position` (a tombstone keeps the position). */
  | { kind: 'delete'; collection: string; id: string; position: bigint };

export type FieldValue = string | number | boolean | null;

export interface Query {
  /** Top-level field equality; an array means "any of". */
  where?: Record<string, FieldValue | FieldValue[]>;
  /** Case-insensitive substring match on any of `fields` (top-level string fields, or 'id'). */
  search?: { text: string; fields: string[] };
  /** Sort by top-level fields ('id' allowed); ties are broken by id ascending. */
  sort?: { field: string; direction: 'asc' | 'desc' }[];
  offset?: number;
  /** Default: no limit. */
  limit?: number;
}

export interface FindResult<T extends DocValue = DocValue> {
  items: StoredDoc<T>[];
  /** Count of all documents that match, ignoring offset and limit. */
  total: number;
}

export interface CheckpointWrite {
  projection: string;
  position: bigint;
  /**
   * When given, the write is refused (LeaseLostError), and nothing of it is written, unless this
   * owner holds the projection's lease. "Holds" means it is the owner on record, checked in the
   * same transaction as the write: a lease that expired but that nobody took over still counts.
   */
  leaseOwner?: string;
}

export interface ReadStore {
  get<T extends DocValue = DocValue>(collection: string, id: string): Promise<StoredDoc<T> | null>;
  getMany<T extends DocValue = DocValue>(collection: string, ids: string[]): Promise<Map<string, StoredDoc<T>>>;
  find<T extends DocValue = DocValue>(collection: string, query?: Query): Promise<FindResult<T>>;
  /**
   * Applies the ops (each guarded by its position) and then, in the same unit where the adapter
   * can, stores the checkpoint. SQLite does both in one transaction; MongoDB in one transaction
   * on a replica set.
   */
  write(ops: WriteOp[], checkpoint?: CheckpointWrite): Promise<void>;
  /** -1n when the projection has never run. */
  getCheckpoint(projection: string): Promise<bigint>;
  listCheckpoints(): Promise<Map<string, bigint>>;
  /** Removes every document of the collections and the projection's checkpoint. */
  reset(projection: string, collections: string[]): Promise<void>;
  /**
   * Atomically replaces each live collection with its shadow (pairs of [live, shadow]) and sets
   * `projection`'s checkpoint to `position`, deleting `shadowProjection`'s checkpoint.
   */
  swap(pairs: [live: string, shadow: string][], projection: string, shadowProjection: string, position: bigint): Promise<void>;
  /** Takes or renews a lease for `ttlMs`; `force` takes it even when someone else holds it. Returns true when `owner` holds it afterwards. */
  acquireLease(name: string, owner: string, ttlMs: number, force?: boolean): Promise<boolean>;
  releaseLease(name: string, owner: string): Promise<void>;
  close(): Promise<void>;
}

export class LeaseLostError extends Error {
  readonly code = 'lease_lost';
  constructor(readonly projection: string, readonly owner: string) {
    super(`Projection ${projection}: lease is no longer held by ${owner}`);
    this.name = 'LeaseLostError';
  }
}

export class ReadStoreUnavailableError extends Error {
  readonly code = 'read_store_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReadStoreUnavailableError';
  }
}
