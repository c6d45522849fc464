import {
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
  MongoClient,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { assertField } from './query.js';
import {
  type CheckpointWrite,
  type DocValue,
  type FindResult,
  type FindWithTotalResult,
  type IndexSpec,
  type Query,
  type ReadStore,
  type StoredDoc,
  type WriteOp,
  LeaseLostError,
  ReadStoreUnavailableError,
} from './port.js';

/**
 * MongoDB read store: one MongoDB collection per read-model collection, documents
 * `{ _id: id, position, doc }` where `doc: null` is a tombstone.
 *
 * Positions are BSON int64 (Long), written and read as bigint (`useBigInt64`), so they compare
 * exactly beyond 2^53 in queries and in `$lt` guards; a position above 2^63-1 is refused.
 * Checkpoints live in `_checkpoints` ({ _id: projection, position }), leases in `_leases`
 * ({ _id: name, owner, expiresAt }) with expiry judged by the server's clock ($$NOW).
 */
const CHECKPOINTS = '_checkpoints';
const LEASES = '_leases';
const INT64_MAX = (1n << 63n) - 1n;
const TRANSACTION_ATTEMPTS = 3;

function int64(position: bigint): bigint {
  if (position < -1n || position > INT64_MAX)
    throw new RangeError(`Read store: position ${position} does not fit in int64`);
  return position;
}

const key = (field: string) => (field === 'id' ? '_id' : `doc.${field}`);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Documents are stored as their JSON form, so every adapter gives back the same values. */
const asJson = (doc: DocValue) => JSON.parse(JSON.stringify(doc)) as DocValue;
const redactUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

/**
 * Server error codes that mean "no usable primary right now": a node restarting, shutting down,
 * stepping down or not (yet) primary, or a network failure it reports. The driver retries a read or
 * write once on these; when that fails too, the caller answers 503 and the visitor tries again later.
 */
const OUTAGE_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  134, // ReadConcernMajorityNotAvailableYet
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10058, // LegacyNotPrimary
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

export function isUnavailable(err: unknown, depth = 0): boolean {
  if (
    err instanceof MongoServerSelectionError ||
    err instanceof MongoNetworkError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError ||
    err instanceof MongoClientClosedError
  ) {
    return true;
  }
  // MongoServerError, and MongoWriteConcernError (a write the node could not make durable) carry the code.
  if (err instanceof MongoError && typeof err.code === 'number' && OUTAGE_CODES.has(err.code)) return true;
  if (!(err instanceof Error) || depth > 2) return false;
  // A bulk write wraps what stopped it: a network error (errorResponse) or a write concern error (err).
  const wrapped = err as Error & { errorResponse?: unknown; err?: { code?: unknown } };
  if (typeof wrapped.err?.code === 'number' && OUTAGE_CODES.has(wrapped.err.code)) return true;
  return isUnavailable(wrapped.errorResponse, depth + 1) || isUnavailable(err.cause, depth + 1);
}

/** Mongo index keys for a spec; the sort's id tie-break (`_id` ascending) ends every index. */
function indexKeys(spec: IndexSpec): Record<string, 1 | -1> {
  const keys: Record<string, 1 | -1> = {};
  for (const { field, direction } of spec) {
    assertField(field);
    keys[key(field)] ??= direction === 'desc' ? -1 : 1;
  }
  keys._id ??= 1;
  return keys;
}

/**
 * One guarded upsert that never fails: the update is a pipeline that keeps the stored values when
 * the stored position is not older. A filter-based guard (`position: { $lt }`) would instead turn a
 * refused write into a duplicate-key error, and any error aborts a MongoDB transaction.
 */
function guardedUpsert(op: WriteOp): AnyBulkWriteOperation<Document> {
  const position = int64(op.position);
  const newer = { $lt: ['$position', { $literal: position }] };
  const doc = op.kind === 'put' ? asJson(op.doc) : null;
  return {
    updateOne: {
      filter: { _id: op.id } as Document,
      update: [
        {
          $set: {
            position: { $cond: [newer, { $literal: position }, '$position'] },
            doc: { $cond: [newer, { $literal: doc }, '$doc'] },
          },
        },
      ],
      upsert: true,
    },
  };
}

export interface MongoReadStoreOptions {
  /** How long to look for a server before an operation fails (default 3000 ms). */
  timeoutMs?: number;
}

export class MongoReadStore implements ReadStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** Replica sets and sharded clusters run each write in a transaction; a standalone server cannot. */
    readonly transactions: boolean,
  ) {}

  /** Connects and checks the server; an unreachable server fails within the timeout with ReadStoreUnavailableError. */
  static async connect(url: string, dbName: string, options: MongoReadStoreOptions = {}): Promise<MongoReadStore> {
    const timeout = options.timeoutMs ?? 3000;
    const client = new MongoClient(url, {
      serverSelectionTimeoutMS: timeout,
      connectTimeoutMS: timeout,
      useBigInt64: true,
      ignoreUndefined: true,
    });
    try {
      await client.connect();
      const db = client.db(dbName);
      const hello = await db.admin().command({ hello: 1 });
      return new MongoReadStore(client, db, Boolean(hello.setName) || hello.msg === 'isdbgrid');
    } catch (err) {
      await client.close().catch(() => undefined);
      throw new ReadStoreUnavailableError(`Read store: MongoDB at ${redactUrl(url)} cannot be reached`, { cause: err });
    }
  }

  private coll(name: string): Collection<Document> {
    return this.db.collection(name);
  }

  async get<T extends DocValue = DocValue>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    return this.guard(async () => {
      const d = await this.coll(collection).findOne({ _id: id, doc: { $ne: null } } as Document);
      return d ? this.toStored<T>(d) : null;
    });
  }

  async getMany<T extends DocValue = DocValue>(collection: string, ids: string[]): Promise<Map<string, StoredDoc<T>>> {
    return this.guard(async () => {
      const out = new Map<string, StoredDoc<T>>();
      if (ids.length === 0) return out;
      const docs = await this.coll(collection)
        .find({ _id: { $in: ids }, doc: { $ne: null } } as Document)
        .toArray();
      for (const d of docs) out.set(String(d._id), this.toStored<T>(d));
      return out;
    });
  }

  async find<T extends DocValue = DocValue>(collection: string, query: Query = {}): Promise<FindResult<T>> {
    const { filter, sort } = this.toFilter(query);
    return this.guard(async () => ({ items: await this.page<T>(collection, filter, sort, query) }));
  }

  async findWithTotal<T extends DocValue = DocValue>(
    collection: string,
    query: Query = {},
  ): Promise<FindWithTotalResult<T>> {
    const { filter, sort } = this.toFilter(query);
    return this.guard(async () => {
      const items = await this.page<T>(collection, filter, sort, query);
      const offset = query.offset ?? 0;
      // A first page that is not full already says how many match.
      const counted = offset === 0 && (query.limit === undefined || items.length < query.limit);
      return { items, total: counted ? items.length : await this.coll(collection).countDocuments(filter) };
    });
  }

  private async page<T extends DocValue>(
    collection: string,
    filter: Document,
    sort: Record<string, 1 | -1>,
    query: Query,
  ): Promise<StoredDoc<T>[]> {
    const docs = await this.coll(collection)
      .find(filter, { sort, skip: query.offset ?? 0, limit: query.limit ?? 0 })
      .toArray();
    return docs.map((d) => this.toStored<T>(d));
  }

  /**
   * createIndexes is idempotent: an index that exists with the same keys is left alone. A search
   * (case-insensitive substring) cannot use an index; its query still walks the sort index, so a
   * page is read in order without sorting the whole collection.
   */
  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length === 0) return;
    await this.guard(() => this.coll(collection).createIndexes(indexes.map((spec) => ({ key: indexKeys(spec) }))));
  }

  private toFilter(query: Query): { filter: Document; sort: Record<string, 1 | -1> } {
    const and: Document[] = [{ doc: { $ne: null } }];
    for (const [field, value] of Object.entries(query.where ?? {})) {
      assertField(field);
      // Equality to null also matches a missing field, as in the other adapters.
      and.push({ [key(field)]: Array.isArray(value) ? { $in: value } : value });
    }
    const fields = query.search?.fields ?? [];
    fields.forEach(assertField);
    if (query.search?.text && fields.length > 0) {
      const pattern = escapeRegex(query.search.text);
      and.push({ $or: fields.map((f) => ({ [key(f)]: { $regex: pattern, $options: 'i' } })) });
    }
    const sort: Record<string, 1 | -1> = {};
    for (const s of query.sort ?? []) {
      assertField(s.field);
      sort[key(s.field)] ??= s.direction === 'desc' ? -1 : 1;
    }
    sort._id ??= 1;
    return { filter: { $and: and }, sort };
  }

  async write(ops: WriteOp[], checkpoint?: CheckpointWrite): Promise<void> {
    await this.guard(async () => {
      if (!this.transactions) return this.apply(ops, checkpoint);
      const session = this.client.startSession();
      try {
        await this.inTransaction(session, () => this.apply(ops, checkpoint, session));
      } finally {
        await session.endSession();
      }
    });
  }

  /**
   * Runs a transaction, again on a transient error (write conflict, lost primary, commit result
   * unknown) up to TRANSACTION_ATTEMPTS times in all. Not `withTransaction`: it retries for up to
   * 120 s, so a write during an outage would hang for two minutes instead of failing. Running the
   * whole transaction again is safe: every write is guarded by its position.
   */
  private async inTransaction(session: ClientSession, run: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      session.startTransaction({ writeConcern: { w: 'majority' } });
      try {
        await run();
        await session.commitTransaction();
        return;
      } catch (err) {
        if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
        const transient =
          err instanceof MongoError &&
          (err.hasErrorLabel('TransientTransactionError') || err.hasErrorLabel('UnknownTransactionCommitResult'));
        if (!transient || attempt >= TRANSACTION_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Without a transaction (standalone server) a crash between the documents and the checkpoint
   * only means the events are applied again, which the position guards turn into no change.
   */
  private async apply(ops: WriteOp[], checkpoint: CheckpointWrite | undefined, session?: ClientSession): Promise<void> {
    if (checkpoint?.leaseOwner !== undefined) {
      // An update, not a read: in a transaction it conflicts with a concurrent takeover of the
      // lease, so one of the two is retried and sees the other. Ownership, not expiry, decides.
      const r = await this.coll(LEASES).updateOne(
        { _id: checkpoint.projection, owner: checkpoint.leaseOwner } as Document,
        { $inc: { writes: 1 } },
        { session },
      );
      if (r.matchedCount === 0) throw new LeaseLostError(checkpoint.projection, checkpoint.leaseOwner);
    }
    const byCollection = new Map<string, AnyBulkWriteOperation<Document>[]>();
    for (const op of ops) {
      let models = byCollection.get(op.collection);
      if (!models) byCollection.set(op.collection, (models = []));
      models.push(guardedUpsert(op));
    }
    for (const [collection, models] of byCollection)
      await this.coll(collection).bulkWrite(models, { ordered: true, session });
    if (checkpoint) await this.setCheckpoint(checkpoint.projection, checkpoint.position, session);
  }

  private async setCheckpoint(projection: string, position: bigint, session?: ClientSession): Promise<void> {
    await this.coll(CHECKPOINTS).updateOne(
      { _id: projection } as Document,
      { $set: { position: int64(position) } },
      { upsert: true, session },
    );
  }

  async getCheckpoint(projection: string): Promise<bigint> {
    return this.guard(async () => {
      const d = await this.coll(CHECKPOINTS).findOne({ _id: projection } as Document);
      return d ? BigInt(d.position as bigint | number) : -1n;
    });
  }

  async listCheckpoints(): Promise<Map<string, bigint>> {
    return this.guard(async () => {
      const docs = await this.coll(CHECKPOINTS)
        .find({}, { sort: { _id: 1 } })
        .toArray();
      return new Map(docs.map((d) => [String(d._id), BigInt(d.position as bigint | number)]));
    });
  }

  /** The checkpoint goes first: a crash after it leaves documents that a replay overwrites, never a checkpoint without its documents. */
  async reset(projection: string, collections: string[]): Promise<void> {
    await this.guard(async () => {
      await this.coll(CHECKPOINTS).deleteOne({ _id: projection } as Document);
      for (const c of collections) await this.coll(c).drop();
    });
  }

  /**
   * renameCollection cannot run in a transaction, so the steps are ordered to be safe at every
   * crash point: first forget the shadow's checkpoint (a resumed rebuild then starts the shadow
   * afresh), then rename (the live checkpoint is then behind the documents, and replaying those
   * events changes nothing), then set the live checkpoint.
   */
  async swap(
    pairs: [live: string, shadow: string][],
    projection: string,
    shadowProjection: string,
    position: bigint,
  ): Promise<void> {
    await this.guard(async () => {
      await this.coll(CHECKPOINTS).deleteOne({ _id: shadowProjection } as Document);
      for (const [live, shadow] of pairs) {
        const exists = await this.db.listCollections({ name: shadow }, { nameOnly: true }).hasNext();
        if (exists) await this.db.renameCollection(shadow, live, { dropTarget: true });
        else await this.coll(live).drop();
      }
      await this.setCheckpoint(projection, position);
    });
  }

  async acquireLease(name: string, owner: string, ttlMs: number, force = false): Promise<boolean> {
    return this.guard(async () => {
      // One atomic update that always matches, so two contenders never race into a duplicate key.
      const canTake = force
        ? true
        : { $or: [{ $eq: ['$owner', { $literal: owner }] }, { $lte: ['$expiresAt', '$$NOW'] }] };
      const after = await this.coll(LEASES).findOneAndUpdate(
        { _id: name } as Document,
        [
          {
            $set: {
              owner: { $cond: [canTake, { $literal: owner }, '$owner'] },
              expiresAt: { $cond: [canTake, { $add: ['$$NOW', ttlMs] }, '$expiresAt'] },
            },
          },
        ],
        { upsert: true, returnDocument: 'after' },
      );
      return after?.owner === owner;
    });
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    await this.guard(() => this.coll(LEASES).deleteOne({ _id: name, owner } as Document));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private toStored<T extends DocValue>(d: Document): StoredDoc<T> {
    return { id: String(d._id), position: BigInt(d.position as bigint | number), doc: d.doc as T };
  }

  private async guard<R>(fn: () => Promise<R>): Promise<R> {
    try {
      return await fn();
    } catch (err) {
      if (isUnavailable(err))
        throw new ReadStoreUnavailableError(`Read store: MongoDB is unavailable (${(err as Error).message})`, {
          cause: err,
        });
      throw err;
    }
  }
}
