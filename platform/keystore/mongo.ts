import { randomBytes } from 'node:crypto';
import { Binary, type Collection, MongoClient, MongoServerError } from 'mongodb';
import { newKeyId } from './key-id.js';
import { type KeyInfo, type KeyStore, KeyStoreUnavailableError, type SubjectKey } from './port.js';

/** The collections, beside the read models in the same database (backed up with it: see README, Backups). */
export const KEYS_COLLECTION = 'privacy_keys';
const GENERATION_COLLECTION = 'privacy_key_generation';

interface KeyDoc {
  _id: string;
  subjectId: string;
  scope: string;
  material: Binary | null;
  createdAt: string;
  destroyedAt: string | null;
  /** true while live: the unique partial index keeps one live key per subject and scope. */
  live: boolean;
}

const DUPLICATE_KEY = 11000;

/**
 * Production's keys, in a MongoDB collection. A destroy sets the material to null in the same
 * document (MongoDB rewrites the document; its old bytes go with the storage engine's own reuse of
 * the space), and moves the generation on so every process's cache lets go of the key.
 */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly client: MongoClient | null,
    private readonly keys: Collection<KeyDoc>,
    private readonly generations: Collection<{ _id: string; generation: number }>,
  ) {}

  static async connect(url: string, dbName: string, options: { timeoutMs?: number } = {}): Promise<MongoKeyStore> {
    const timeout = options.timeoutMs ?? 3000;
    const client = new MongoClient(url, { serverSelectionTimeoutMS: timeout, connectTimeoutMS: timeout });
    try {
      await client.connect();
      const db = client.db(dbName);
      const store = new MongoKeyStore(client, db.collection(KEYS_COLLECTION), db.collection(GENERATION_COLLECTION));
      await store.keys.createIndex(
        { subjectId: 1, scope: 1 },
        { unique: true, partialFilterExpression: { live: true }, name: 'live_key' },
      );
      await store.keys.createIndex({ subjectId: 1, createdAt: 1 }, { name: 'by_subject' });
      return store;
    } catch (err) {
      await client.close().catch(() => undefined);
      throw new KeyStoreUnavailableError('Key store: MongoDB cannot be reached', { cause: err });
    }
  }

  async activeKey(subjectId: string, scope: string): Promise<SubjectKey> {
    return this.guard(async () => {
      const found = await this.keys.findOne({ subjectId, scope, live: true });
      if (found?.material) return { keyId: found._id, key: Buffer.from(found.material.buffer) };
      try {
        await this.keys.insertOne({
          _id: newKeyId(),
          subjectId,
          scope,
          material: new Binary(randomBytes(32)),
          createdAt: new Date().toISOString(),
          destroyedAt: null,
          live: true,
        });
      } catch (err) {
        // Another process made it first: read theirs.
        if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
      }
      const made = await this.keys.findOne({ subjectId, scope, live: true });
      if (!made?.material) throw new KeyStoreUnavailableError('Key store: a new key could not be read back');
      return { keyId: made._id, key: Buffer.from(made.material.buffer) };
    });
  }

  async keyById(keyId: string): Promise<Buffer | null> {
    return this.guard(async () => {
      const doc = await this.keys.findOne({ _id: keyId }, { projection: { material: 1 } });
      return doc?.material ? Buffer.from(doc.material.buffer) : null;
    });
  }

  async keysById(keyIds: readonly string[]): Promise<Map<string, Buffer | null>> {
    return this.guard(async () => {
      const found = new Map<string, Buffer | null>(keyIds.map((id) => [id, null]));
      const docs = await this.keys.find({ _id: { $in: [...keyIds] } }, { projection: { material: 1 } }).toArray();
      for (const d of docs) found.set(d._id, d.material ? Buffer.from(d.material.buffer) : null);
      return found;
    });
  }

  async destroy(subjectId: string, at: Date, scope?: string): Promise<number> {
    return this.guard(async () => {
      const filter = scope === undefined ? { subjectId, live: true } : { subjectId, scope, live: true };
      const { modifiedCount } = await this.keys.updateMany(filter, {
        $set: { material: null, destroyedAt: at.toISOString(), live: false },
      });
      if (modifiedCount > 0)
        await this.generations.updateOne({ _id: 'keys' }, { $inc: { generation: 1 } }, { upsert: true });
      return modifiedCount;
    });
  }

  async keysOf(subjectId: string): Promise<KeyInfo[]> {
    return this.guard(async () => {
      const docs = await this.keys.find({ subjectId }).sort({ createdAt: 1 }).toArray();
      return docs.map((d) => ({
        keyId: d._id,
        subjectId: d.subjectId,
        scope: d.scope,
        createdAt: d.createdAt,
        destroyedAt: d.destroyedAt,
      }));
    });
  }

  async generation(): Promise<number> {
    return this.guard(async () => (await this.generations.findOne({ _id: 'keys' }))?.generation ?? 0);
  }

  /** Drops both collections: for the contract suite's clean start. */
  async dropAll(): Promise<void> {
    await this.keys.deleteMany({});
    await this.generations.deleteMany({});
  }

  async close(): Promise<void> {
    await this.client?.close();
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof KeyStoreUnavailableError) throw err;
      throw new KeyStoreUnavailableError('Key store: MongoDB did not answer', { cause: err });
    }
  }
}
