import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LeaseLostError, type Query, type WriteOp } from '../../../platform/readstore/port.js';
import { SqliteReadStore } from '../../../platform/readstore/sqlite.js';
import { describeReadStoreContract } from './readstore.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'readstore-sqlite-'));
let n = 0;
const fresh = () => new SqliteReadStore(join(dir, `read-${++n}.db`));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeReadStoreContract('sqlite', async () => fresh());

describe('sqlite read store', () => {
  it('sees what another connection to the same file wrote, including a swap', async () => {
    const file = join(dir, 'shared.db');
    const a = new SqliteReadStore(file);
    const b = new SqliteReadStore(file);
    try {
      await a.write([{ kind: 'put', collection: 'c', id: 'x', position: 1n, doc: { v: 1 } }], {
        projection: 'p',
        position: 1n,
      });
      expect((await b.get('c', 'x'))?.doc).toEqual({ v: 1 });
      // b has prepared statements on the live table; a replaces that table underneath it.
      expect((await b.findWithTotal('c')).total).toBe(1);
      await a.write([{ kind: 'put', collection: 'c__rebuild', id: 'y', position: 2n, doc: { v: 2 } }]);
      await a.swap([['c', 'c__rebuild']], 'p', 'p__rebuild', 2n);
      expect((await b.find('c')).items.map((i) => i.id)).toEqual(['y']);
      await b.reset('p', ['c']);
      expect(await a.get('c', 'y')).toBeNull();
      await a.write([{ kind: 'put', collection: 'c', id: 'z', position: 3n, doc: { v: 3 } }]);
      expect((await b.get('c', 'z'))?.doc).toEqual({ v: 3 });
      expect(await a.acquireLease('p', 'A', 60_000)).toBe(true);
      expect(await b.acquireLease('p', 'B', 60_000)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('given writes of several projections in one turn, when one has lost its lease, then it alone is refused and the others land', async () => {
    const store = fresh();
    try {
      await store.acquireLease('a', 'me', 60_000);
      await store.acquireLease('b', 'someone-else', 60_000);
      await store.acquireLease('c', 'me', 60_000);
      const put = (collection: string) => [
        { kind: 'put' as const, collection, id: 'x', position: 5n, doc: { v: collection } },
      ];
      const writes = ['a', 'b', 'c'].map((p) => store.write(put(p), { projection: p, position: 5n, leaseOwner: 'me' }));
      const [a, b, c] = await Promise.allSettled(writes);
      expect([a!.status, c!.status]).toEqual(['fulfilled', 'fulfilled']);
      expect(b!.status === 'rejected' && b!.reason).toBeInstanceOf(LeaseLostError);
      expect((await store.get('a', 'x'))?.doc).toEqual({ v: 'a' });
      expect(await store.get('b', 'x')).toBeNull();
      expect((await store.get('c', 'x'))?.doc).toEqual({ v: 'c' });
      expect(await store.listCheckpoints()).toEqual(
        new Map([
          ['a', 5n],
          ['c', 5n],
        ]),
      );
    } finally {
      await store.close();
    }
  });

  it('given writes in one turn, when one holds a document that is no JSON, then it alone is refused and leaves nothing', async () => {
    const store = fresh();
    try {
      const bad = store.write(
        [
          { kind: 'put', collection: 'c', id: 'first', position: 1n, doc: { v: 1 } },
          { kind: 'put', collection: 'c', id: 'second', position: 1n, doc: { v: 2n } as never },
        ],
        { projection: 'bad', position: 1n },
      );
      const good = store.write([{ kind: 'put', collection: 'd', id: 'x', position: 1n, doc: { v: 3 } }], {
        projection: 'good',
        position: 1n,
      });
      await expect(bad).rejects.toThrow(/BigInt/);
      await good;
      expect(await store.get('c', 'first')).toBeNull();
      expect((await store.get('d', 'x'))?.doc).toEqual({ v: 3 });
      expect(await store.listCheckpoints()).toEqual(new Map([['good', 1n]]));
    } finally {
      await store.close();
    }
  });

  it('given a write not yet committed, when the projection is reset, then the reset comes after it, as asked', async () => {
    const store = fresh();
    try {
      const write = store.write([{ kind: 'put', collection: 'c', id: 'x', position: 1n, doc: { v: 1 } }], {
        projection: 'p',
        position: 1n,
      });
      await store.reset('p', ['c']);
      await write;
      expect(await store.get('c', 'x')).toBeNull();
      expect(await store.getCheckpoint('p')).toBe(-1n);
    } finally {
      await store.close();
    }
  });

  it('finds among 10,000 documents with filters, search, sort and paging', async () => {
    const store = fresh();
    try {
      const statuses = ['pending', 'confirmed', 'cancelled', 'expired'];
      const ops: WriteOp[] = [];
      for (let i = 0; i < 10_000; i++) {
        ops.push({
          kind: 'put',
          collection: 'enrollments',
          id: `enr-${String(i).padStart(5, '0')}`,
          position: BigInt(i),
          doc: {
            status: statuses[i % 4],
            workshopId: `w-${i % 20}`,
            parentName: `Parent Number${i} Smith`,
            email: `p${i}@example.com`,
            childName: `Child ${i}`,
            submittedAt: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
            amount: 100 * (i % 7),
            notes: 'x'.repeat(200),
          },
        });
      }
      await store.write(ops);
      const fields = ['parentName', 'email', 'childName', 'id'];
      const sort = [{ field: 'submittedAt', direction: 'desc' as const }];
      const queries: Query[] = [
        {
          where: { status: ['pending', 'confirmed'], workshopId: 'w-4' },
          search: { text: 'NUMBER12', fields },
          sort,
          limit: 25,
        },
        { search: { text: 'number12', fields }, sort, offset: 25, limit: 25 },
        { where: { status: 'confirmed' }, sort, offset: 40, limit: 20 },
        { sort: [{ field: 'parentName', direction: 'asc' }], offset: 100, limit: 20 },
      ];
      // Speed is measured by `npm run bench` (admin tracker section), not here.
      for (const q of queries) {
        const { items, total } = await store.findWithTotal('enrollments', q);
        expect(items.length).toBeLessThanOrEqual(q.limit ?? Infinity);
        expect(total).toBeGreaterThan(0);
      }
      const r = await store.findWithTotal('enrollments', queries[0]);
      expect(r.total).toBe(6);
      expect(r.items.every((i) => i.doc.workshopId === 'w-4' && /number12/i.test(String(i.doc.parentName)))).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('turns a closed database into ReadStoreUnavailableError', async () => {
    const store = fresh();
    await store.close();
    await expect(store.get('c', 'x')).rejects.toMatchObject({ name: 'ReadStoreUnavailableError' });
  });
});
