import { type Collection, MongoClient } from 'mongodb';
import { type BucketPolicy, type RateLimitStore, type TakeResult, outcome } from './port.js';

interface BucketDoc {
  _id: string;
  /** Tokens left after the last take. */
  tokens: number;
  /** Time of the last take, in ms (the caller's clock). */
  at: number;
  /** Tokens before the last take, so the caller learns whether it was allowed. */
  before: number;
  /** When the bucket is full again; a TTL index removes it then. */
  expiresAt: Date;
}

export const RATE_LIMIT_COLLECTION = '_rate_limits';

/**
 * Token buckets in MongoDB, shared by every API process. Each take is ONE findOneAndUpdate whose
 * update is a pipeline: refill from the stored time, take a token when there is one, store and
 * answer the result. The server applies it atomically to the one document, so concurrent takes
 * from several processes never hand out the same token twice. Times come from the callers'
 * clocks; a clock behind the stored time refills nothing, so skew between processes can only make
 * the limit stricter for a moment.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private constructor(
    private readonly client: MongoClient | null,
    private readonly buckets: Collection<BucketDoc>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoRateLimitStore> {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000, maxPoolSize: 20 });
    await client.connect();
    const store = new MongoRateLimitStore(client, client.db(dbName).collection<BucketDoc>(RATE_LIMIT_COLLECTION));
    await store.ensureIndexes();
    return store;
  }

  /** On a collection of a client the caller owns (and closes). */
  static async on(collection: Collection<BucketDoc>): Promise<MongoRateLimitStore> {
    const store = new MongoRateLimitStore(null, collection);
    await store.ensureIndexes();
    return store;
  }

  async take(key: string, policy: BucketPolicy, nowMs: number): Promise<TakeResult> {
    const perMs = policy.perMinute / 60_000;
    const now = { $literal: nowMs };
    const refilled = {
      $min: [
        policy.burst,
        {
          $add: [
            { $ifNull: ['$tokens', policy.burst] },
            { $multiply: [{ $max: [0, { $subtract: [now, { $ifNull: ['$at', nowMs] }] }] }, perMs] },
          ],
        },
      ],
    };
    const doc = await this.buckets.findOneAndUpdate(
      { _id: key },
      [
        { $set: { before: refilled } },
        {
          $set: {
            tokens: { $cond: [{ $gte: ['$before', 1] }, { $subtract: ['$before', 1] }, '$before'] },
            at: { $max: [now, { $ifNull: ['$at', nowMs] }] },
          },
        },
        // Full again after (burst - tokens) / rate; until then the bucket must be kept.
        {
          $set: {
            expiresAt: { $toDate: { $add: [now, { $divide: [{ $subtract: [policy.burst, '$tokens'] }, perMs] }] } },
          },
        },
      ],
      { upsert: true, returnDocument: 'after', maxTimeMS: 2_000 },
    );
    if (!doc) throw new Error('rate limit: the bucket update returned no document');
    return outcome(doc.before, policy);
  }

  async close(): Promise<void> {
    await this.client?.close();
  }

  private async ensureIndexes(): Promise<void> {
    await this.buckets.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'full_again' });
  }
}
