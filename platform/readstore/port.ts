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
}

export interface FindWithTotalResult<T extends DocValue = DocValue> extends FindResult<T> {
  /** Count of all documents that match, ignoring offset and limit. */
  total: number;
}

/**
 * A compound index a read model's queries need: the equality fields first, then the sort fields, in
 * the order a query sorts. Adapters that sort ties by id add id at the end themselves.
 */
export type IndexSpec = readonly { field: string; direction?: 'asc' | 'desc' }[];

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
  /** The matching documents, without counting them all: for callers that show no total. */
  find<T extends DocValue = DocValue>(collection: string, query?: Query): Promise<FindResult<T>>;
  /** As `find`, and how many documents match in all (a count a paged list shows). */
  findWithTotal<T extends DocValue = DocValue>(collection: string, query?: Query): Promise<FindWithTotalResult<T>>;
  /**
   * Makes sure the collection has these indexes (idempotent, safe to repeat and to run from several
   * processes). Adapters that gain nothing from them may do nothing.
   */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /**
   * Applies the ops (each guarded by its position) and then, in the same unit where the adapter
   * can, stores the checkpoint. SQLite does both in one transaction; MongoDB in one transaction
   * on a replica set.
   */
  write(ops: WriteOp[], checkpoint?: CheckpointWrite): Promise<void>;
  /** -1n when the projection has never run. */
  getCheckpoint(projection: string): Promise<bigint>;
  listCheckpoints(): Promise<Map<string, bigint>>;
  /**
   * Removes the projection's checkpoint, then every document of the collections (in that order, so
   * a crash midway never leaves a checkpoint that claims documents that are gone).
   */
  reset(projection: string, collections: string[]): Promise<void>;
  /**
   * Atomically replaces each live collection with its shadow (pairs of [live, shadow]) and sets
   * `projection`'s checkpoint to `position`, deleting `shadowProjection`'s checkpoint.
   */
  swap(
    pairs: [live: string, shadow: string][],
    projection: string,
    shadowProjection: string,
    position: bigint,
  ): Promise<void>;
  /** Takes or renews a lease for `ttlMs`; `force` takes it even when someone else holds it. Returns true when `owner` holds it afterwards. */
  acquireLease(name: string, owner: string, ttlMs: number, force?: boolean): Promise<boolean>;
  releaseLease(name: string, owner: string): Promise<void>;
  /** Removes what was deleted from the files themselves (the embedded store after an erasure); absent where the store's own engine does it. */
  compact?(): Promise<void>;
  close(): Promise<void>;
}

export class LeaseLostError extends Error {
  readonly code = 'lease_lost';
  constructor(
    readonly projection: string,
    readonly owner: string,
  ) {
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
