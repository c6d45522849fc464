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
} from './port.js';
import { assertField, compareValues, equals, fieldOf } from './query.js';

/** A stored entry; `json === null` is a tombstone that only keeps its position. */
interface Entry {
  position: bigint;
  json: string | null;
  doc: DocValue | null;
}

interface Lease {
  owner: string;
  expiresAt: number;
}

/**
 * In-memory read store for unit tests. Documents go through JSON on the way in and out, so a
 * test sees what a durable adapter would give back (no shared references, no `undefined` fields).
 */
export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, Map<string, Entry>>();
  private readonly checkpoints = new Map<string, bigint>();
  private readonly leases = new Map<string, Lease>();

  constructor(private readonly now: () => number = Date.now) {}

  async get<T extends DocValue = DocValue>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    const e = this.collections.get(collection)?.get(id);
    return e?.json ? { id, position: e.position, doc: JSON.parse(e.json) as T } : null;
  }

  async getMany<T extends DocValue = DocValue>(collection: string, ids: string[]): Promise<Map<string, StoredDoc<T>>> {
    const out = new Map<string, StoredDoc<T>>();
    const c = this.collections.get(collection);
    if (!c) return out;
    for (const id of ids) {
      const e = c.get(id);
      if (e?.json) out.set(id, { id, position: e.position, doc: JSON.parse(e.json) as T });
    }
    return out;
  }

  async find<T extends DocValue = DocValue>(collection: string, query: Query = {}): Promise<FindResult<T>> {
    return { items: this.select<T>(collection, query).items };
  }

  async findWithTotal<T extends DocValue = DocValue>(
    collection: string,
    query: Query = {},
  ): Promise<FindWithTotalResult<T>> {
    return this.select<T>(collection, query);
  }

  /** A memory store scans every document anyway. */
  async ensureIndexes(): Promise<void> {}

  private select<T extends DocValue>(collection: string, query: Query): FindWithTotalResult<T> {
    const where = Object.entries(query.where ?? {});
    const sort = query.sort ?? [];
    where.forEach(([f]) => assertField(f));
    sort.forEach((s) => assertField(s.field));
    query.search?.fields.forEach(assertField);
    const needle = query.search?.text.toLowerCase() ?? '';
    const searchFields = needle ? query.search!.fields : [];

    const matches: { id: string; e: Entry; doc: DocValue }[] = [];
    for (const [id, e] of this.collections.get(collection) ?? []) {
      const doc = e.doc;
      if (!doc) continue;
      const ok = where.every(([f, v]) => {
        const actual = fieldOf(id, doc, f);
        return Array.isArray(v) ? v.some((x) => equals(actual, x)) : equals(actual, v);
      });
      if (!ok) continue;
      if (searchFields.length > 0) {
        const hit = searchFields.some((f) => {
          const v = fieldOf(id, doc, f);
          return typeof v === 'string' && v.toLowerCase().includes(needle);
        });
        if (!hit) continue;
      }
      matches.push({ id, e, doc });
    }
    matches.sort((a, b) => {
      for (const s of sort) {
        const c = compareValues(fieldOf(a.id, a.doc, s.field), fieldOf(b.id, b.doc, s.field));
        if (c !== 0) return s.direction === 'desc' ? -c : c;
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    const offset = query.offset ?? 0;
    const page = matches.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
    return {
      items: page.map(({ id, e }) => ({ id, position: e.position, doc: JSON.parse(e.json!) as T })),
      total: matches.length,
    };
  }

  async write(ops: WriteOp[], checkpoint?: CheckpointWrite): Promise<void> {
    // Ownership, not expiry, decides: an expired lease still recorded for this owner means nobody
    // took over, so writing is safe (all adapters agree on this).
    if (
      checkpoint?.leaseOwner !== undefined &&
      this.leases.get(checkpoint.projection)?.owner !== checkpoint.leaseOwner
    ) {
      throw new LeaseLostError(checkpoint.projection, checkpoint.leaseOwner);
    }
    for (const op of ops) {
      let c = this.collections.get(op.collection);
      if (!c) this.collections.set(op.collection, (c = new Map()));
      const current = c.get(op.id);
      if (current && current.position >= op.position) continue;
      if (op.kind === 'put') {
        const json = JSON.stringify(op.doc);
        c.set(op.id, { position: op.position, json, doc: JSON.parse(json) as DocValue });
      } else {
        c.set(op.id, { position: op.position, json: null, doc: null });
      }
    }
    if (checkpoint) this.checkpoints.set(checkpoint.projection, checkpoint.position);
  }

  async getCheckpoint(projection: string): Promise<bigint> {
    return this.checkpoints.get(projection) ?? -1n;
  }

  async listCheckpoints(): Promise<Map<string, bigint>> {
    return new Map(this.checkpoints);
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    this.checkpoints.delete(projection);
    collections.forEach((c) => this.collections.delete(c));
  }

  async swap(
    pairs: [live: string, shadow: string][],
    projection: string,
    shadowProjection: string,
    position: bigint,
  ): Promise<void> {
    for (const [live, shadow] of pairs) {
      const s = this.collections.get(shadow);
      if (s) this.collections.set(live, s);
      else this.collections.delete(live);
      this.collections.delete(shadow);
    }
    this.checkpoints.set(projection, position);
    this.checkpoints.delete(shadowProjection);
  }

  async acquireLease(name: string, owner: string, ttlMs: number, force = false): Promise<boolean> {
    const now = this.now();
    const lease = this.leases.get(name);
    if (!force && lease && lease.owner !== owner && lease.expiresAt > now) return false;
    this.leases.set(name, { owner, expiresAt: now + ttlMs });
    return true;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
  }

  async close(): Promise<void> {}
}
