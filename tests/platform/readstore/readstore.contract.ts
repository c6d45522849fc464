import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReadStore, type WriteOp, LeaseLostError } from '../../../platform/readstore/port.js';

/**
 * The behaviour every ReadStore adapter must show. `make` gives a fresh, empty store for each test;
 * the suite closes it. With `skip`, every test is reported as skipped (never as passed).
 */
export function describeReadStoreContract(
  name: string,
  make: () => Promise<ReadStore>,
  options: { skip?: boolean } = {},
): void {
  (options.skip ? describe.skip : describe)(`${name} read store contract`, () => {
    let store: ReadStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });

    const put = (id: string, position: bigint, doc: Record<string, unknown>, collection = 'things'): WriteOp => ({
      kind: 'put',
      collection,
      id,
      position,
      doc,
    });
    const del = (id: string, position: bigint, collection = 'things'): WriteOp => ({
      kind: 'delete',
      collection,
      id,
      position,
    });

    describe('documents guarded by position', () => {
      it('stores a document and gives it back with its position', async () => {
        await store.write([put('a', 5n, { name: 'Ada', tags: ['x'], nested: { n: 1 } })]);
        expect(await store.get('things', 'a')).toEqual({
          id: 'a',
          position: 5n,
          doc: { name: 'Ada', tags: ['x'], nested: { n: 1 } },
        });
        expect(await store.get('things', 'missing')).toBeNull();
        expect(await store.get('never-written', 'a')).toBeNull();
      });

      it('refuses an older or equal position and applies a newer one', async () => {
        await store.write([put('a', 5n, { v: 'five' })]);
        await store.write([put('a', 4n, { v: 'four' })]);
        await store.write([put('a', 5n, { v: 'five again' })]);
        expect(await store.get('things', 'a')).toEqual({ id: 'a', position: 5n, doc: { v: 'five' } });
        await store.write([put('a', 6n, { v: 'six' })]);
        expect(await store.get('things', 'a')).toEqual({ id: 'a', position: 6n, doc: { v: 'six' } });
      });

      it('compares positions beyond 2^53 exactly', async () => {
        const big = 2n ** 60n;
        await store.write([put('a', big + 1n, { v: 'newer' })]);
        await store.write([put('a', big, { v: 'older' })]);
        expect(await store.get('things', 'a')).toEqual({ id: 'a', position: big + 1n, doc: { v: 'newer' } });
        await store.write([], { projection: 'p', position: big + 3n });
        expect(await store.getCheckpoint('p')).toBe(big + 3n);
      });

      it('hides a deleted document and keeps its position as a tombstone', async () => {
        await store.write([put('a', 5n, { v: 1 }), put('b', 5n, { v: 2 })]);
        await store.write([del('a', 7n)]);
        expect(await store.get('things', 'a')).toBeNull();
        expect((await store.getMany('things', ['a', 'b'])).has('a')).toBe(false);
        expect((await store.find('things')).items.map((i) => i.id)).toEqual(['b']);
        await store.write([put('a', 6n, { v: 'stale' })]);
        expect(await store.get('things', 'a')).toBeNull();
        await store.write([del('b', 4n)]);
        expect(await store.get('things', 'b')).not.toBeNull();
        await store.write([put('a', 8n, { v: 'back' })]);
        expect(await store.get('things', 'a')).toEqual({ id: 'a', position: 8n, doc: { v: 'back' } });
      });

      it('gives back JSON values: no undefined fields, no shared references', async () => {
        const doc = { a: 1, gone: undefined, list: [1, 2] };
        await store.write([put('a', 1n, doc)]);
        doc.list.push(3);
        const got = await store.get('things', 'a');
        expect(got?.doc).toEqual({ a: 1, list: [1, 2] });
        expect(Object.keys(got!.doc)).not.toContain('gone');
      });

      it('getMany returns only the documents found', async () => {
        await store.write([put('a', 1n, { v: 1 }), put('b', 2n, { v: 2 }), put('c', 3n, { v: 3 })]);
        const many = await store.getMany('things', ['c', 'a', 'zz']);
        expect([...many.keys()].sort()).toEqual(['a', 'c']);
        expect(many.get('c')).toEqual({ id: 'c', position: 3n, doc: { v: 3 } });
        expect((await store.getMany('things', [])).size).toBe(0);
        expect((await store.getMany('nothing-here', ['a'])).size).toBe(0);
      });

      it('keeps collections apart', async () => {
        await store.write([put('a', 1n, { v: 'one' }, 'left'), put('a', 1n, { v: 'other' }, 'right')]);
        expect((await store.get('left', 'a'))?.doc).toEqual({ v: 'one' });
        expect((await store.get('right', 'a'))?.doc).toEqual({ v: 'other' });
      });
    });

    describe('find', () => {
      const people = [
        { id: 'p1', doc: { name: 'Ada Lovelace', city: 'London', age: 36, member: true } },
        { id: 'p2', doc: { name: 'Grace Hopper', city: 'New York', age: 85, member: false } },
        { id: 'p3', doc: { name: 'Alan Turing', city: 'London', age: 41, member: true } },
        { id: 'p4', doc: { name: 'Émilie du Châtelet', city: 'Paris', age: 42, member: true } },
        { id: 'p5', doc: { name: 'Katherine Johnson', city: 'White Sulphur Springs', age: 101, member: false } },
        { id: 'p6', doc: { name: 'Zed', city: null, age: 36, member: false } },
        { id: 'ADA-x', doc: { name: 'Nobody', city: 'Rome', age: 36, member: false } },
      ];
      beforeEach(async () => {
        await store.write(people.map((p, i) => put(p.id, BigInt(i + 1), p.doc, 'people')));
      });
      const ids = (r: { items: { id: string }[] }) => r.items.map((i) => i.id);

      it('returns everything sorted by id by default, with the total when asked', async () => {
        const r = await store.findWithTotal('people');
        expect(ids(r)).toEqual(['ADA-x', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
        expect(r.total).toBe(7);
        expect(r.items[1]).toEqual({ id: 'p1', position: 1n, doc: people[0]!.doc });
        expect(await store.findWithTotal('empty-collection')).toEqual({ items: [], total: 0 });
      });

      it('finds without a total for callers that show none', async () => {
        const r = await store.find('people', { sort: [{ field: 'age', direction: 'asc' }], limit: 2 });
        expect(r).toEqual({ items: [expect.objectContaining({ id: 'ADA-x' }), expect.objectContaining({ id: 'p1' })] });
        expect(await store.find('empty-collection')).toEqual({ items: [] });
      });

      it('ensures indexes idempotently, on live, empty and shadow collections, and queries answer the same', async () => {
        const indexes = [[{ field: 'city' }, { field: 'age', direction: 'desc' as const }], [{ field: 'name' }]];
        await store.ensureIndexes('people', indexes);
        await store.ensureIndexes('people', indexes);
        await store.ensureIndexes('people__rebuild', indexes);
        await store.ensureIndexes('people', []);
        expect(
          ids(await store.find('people', { where: { city: 'London' }, sort: [{ field: 'age', direction: 'desc' }] })),
        ).toEqual(['p3', 'p1']);
        expect(await store.find('people__rebuild')).toEqual({ items: [] });
      });

      it('filters by equality on one value and on any of several', async () => {
        expect(ids(await store.find('people', { where: { city: 'London' } }))).toEqual(['p1', 'p3']);
        expect(ids(await store.find('people', { where: { city: ['Paris', 'Rome'] } }))).toEqual(['ADA-x', 'p4']);
        expect(ids(await store.find('people', { where: { city: 'London', age: 41 } }))).toEqual(['p3']);
        expect(ids(await store.find('people', { where: { member: true } }))).toEqual(['p1', 'p3', 'p4']);
        expect(ids(await store.find('people', { where: { city: null } }))).toEqual(['p6']);
        expect(ids(await store.find('people', { where: { city: [] } }))).toEqual([]);
        expect(ids(await store.find('people', { where: { id: ['p2', 'p5'] } }))).toEqual(['p2', 'p5']);
        expect(ids(await store.find('people', { where: { age: '36' } }))).toEqual([]);
      });

      it('searches case-insensitively for a substring across fields, including id', async () => {
        expect(ids(await store.find('people', { search: { text: 'LOVE', fields: ['name'] } }))).toEqual(['p1']);
        expect(ids(await store.find('people', { search: { text: 'ada', fields: ['name', 'id'] } }))).toEqual([
          'ADA-x',
          'p1',
        ]);
        expect(ids(await store.find('people', { search: { text: 'ada', fields: ['name'] } }))).toEqual(['p1']);
        expect(ids(await store.find('people', { search: { text: 'london', fields: ['name', 'city'] } }))).toEqual([
          'p1',
          'p3',
        ]);
        expect(ids(await store.find('people', { search: { text: 'ÉMILIE', fields: ['name'] } }))).toEqual(['p4']);
        expect(ids(await store.find('people', { search: { text: 'châtelet', fields: ['name'] } }))).toEqual(['p4']);
        expect(ids(await store.find('people', { search: { text: 'a.*', fields: ['name'] } }))).toEqual([]);
        expect(ids(await store.find('people', { search: { text: '36', fields: ['age'] } }))).toEqual([]);
        expect(
          ids(await store.find('people', { search: { text: 'o', fields: ['name'] }, where: { city: 'London' } })),
        ).toEqual(['p1']);
        expect((await store.findWithTotal('people', { search: { text: '', fields: ['name'] } })).total).toBe(7);
      });

      it('sorts ascending and descending, ties broken by id ascending', async () => {
        const byAge = await store.find('people', { sort: [{ field: 'age', direction: 'asc' }] });
        expect(ids(byAge)).toEqual(['ADA-x', 'p1', 'p6', 'p3', 'p4', 'p2', 'p5']);
        const byAgeDesc = await store.find('people', { sort: [{ field: 'age', direction: 'desc' }] });
        expect(ids(byAgeDesc)).toEqual(['p5', 'p2', 'p4', 'p3', 'ADA-x', 'p1', 'p6']);
        const byCityThenName = await store.find('people', {
          where: { member: [true, false] },
          sort: [
            { field: 'city', direction: 'asc' },
            { field: 'name', direction: 'desc' },
          ],
        });
        // null sorts first ascending.
        expect(ids(byCityThenName)).toEqual(['p6', 'p3', 'p1', 'p2', 'p4', 'ADA-x', 'p5']);
        expect(ids(await store.find('people', { sort: [{ field: 'id', direction: 'desc' }] }))).toEqual([
          'p6',
          'p5',
          'p4',
          'p3',
          'p2',
          'p1',
          'ADA-x',
        ]);
      });

      it('pages with offset and limit and counts all matches', async () => {
        const sort = [{ field: 'age', direction: 'asc' as const }];
        const page1 = await store.findWithTotal('people', { sort, limit: 3 });
        const page2 = await store.findWithTotal('people', { sort, offset: 3, limit: 3 });
        const page3 = await store.findWithTotal('people', { sort, offset: 6, limit: 3 });
        const past = await store.findWithTotal('people', { sort, offset: 20, limit: 3 });
        expect([ids(page1), ids(page2), ids(page3)]).toEqual([['ADA-x', 'p1', 'p6'], ['p3', 'p4', 'p2'], ['p5']]);
        expect([page1.total, page2.total, page3.total, past.total]).toEqual([7, 7, 7, 7]);
        expect(past.items).toEqual([]);
        const searched = await store.findWithTotal('people', {
          search: { text: 'l', fields: ['city'] },
          sort,
          offset: 1,
          limit: 1,
        });
        expect(ids(searched)).toEqual(['p3']);
        expect(searched.total).toBe(3);
        expect(
          (await store.findWithTotal('people', { search: { text: 'l', fields: ['city'] }, offset: 10, limit: 1 }))
            .total,
        ).toBe(3);
        expect((await store.findWithTotal('people', { where: { city: 'London' }, limit: 5 })).total).toBe(2);
      });

      it('refuses field names that are not plain identifiers', async () => {
        await expect(store.find('people', { where: { 'a.b': 1 } })).rejects.toThrow(/field/);
        await expect(store.find('people', { sort: [{ field: "x') --", direction: 'asc' }] })).rejects.toThrow(/field/);
      });
    });

    describe('checkpoints', () => {
      it('is -1 before a projection has run and is stored with the write', async () => {
        expect(await store.getCheckpoint('p')).toBe(-1n);
        await store.write([put('a', 3n, { v: 1 })], { projection: 'p', position: 10n });
        await store.write([], { projection: 'q', position: 4n });
        expect(await store.getCheckpoint('p')).toBe(10n);
        expect(await store.listCheckpoints()).toEqual(
          new Map([
            ['p', 10n],
            ['q', 4n],
          ]),
        );
      });
    });

    describe('leases', () => {
      it('is taken, renewed by its owner, refused to another owner until it expires, and can be forced', async () => {
        expect(await store.acquireLease('p', 'A', 60_000)).toBe(true);
        expect(await store.acquireLease('p', 'A', 60_000)).toBe(true);
        expect(await store.acquireLease('p', 'B', 60_000)).toBe(false);
        expect(await store.acquireLease('p', 'B', 60_000, true)).toBe(true);
        expect(await store.acquireLease('p', 'A', 60_000)).toBe(false);
        expect(await store.acquireLease('other', 'A', 60_000)).toBe(true);
      });

      it('can be taken by another owner once expired', async () => {
        expect(await store.acquireLease('p', 'A', 150)).toBe(true);
        expect(await store.acquireLease('p', 'B', 60_000)).toBe(false);
        await new Promise((r) => setTimeout(r, 400));
        expect(await store.acquireLease('p', 'B', 60_000)).toBe(true);
        expect(await store.acquireLease('p', 'A', 60_000)).toBe(false);
      });

      it('is released only by its owner', async () => {
        await store.acquireLease('p', 'A', 60_000);
        await store.releaseLease('p', 'B');
        expect(await store.acquireLease('p', 'B', 60_000)).toBe(false);
        await store.releaseLease('p', 'A');
        expect(await store.acquireLease('p', 'B', 60_000)).toBe(true);
      });

      it('lets its holder write with leaseOwner and refuses everyone else without writing anything', async () => {
        await store.acquireLease('p', 'A', 60_000);
        await store.write([put('a', 1n, { v: 'A' })], { projection: 'p', position: 1n, leaseOwner: 'A' });
        await expect(
          store.write([put('a', 2n, { v: 'B' }), put('b', 2n, { v: 'B' })], {
            projection: 'p',
            position: 2n,
            leaseOwner: 'B',
          }),
        ).rejects.toBeInstanceOf(LeaseLostError);
        expect((await store.get('things', 'a'))?.doc).toEqual({ v: 'A' });
        expect(await store.get('things', 'b')).toBeNull();
        expect(await store.getCheckpoint('p')).toBe(1n);
        await expect(
          store.write([], { projection: 'nobody-holds-this', position: 1n, leaseOwner: 'A' }),
        ).rejects.toBeInstanceOf(LeaseLostError);
      });

      it('refuses the former holder once the lease is forced away', async () => {
        await store.acquireLease('p', 'A', 60_000);
        await store.acquireLease('p', 'B', 60_000, true);
        await expect(
          store.write([put('a', 1n, { v: 'A' })], { projection: 'p', position: 1n, leaseOwner: 'A' }),
        ).rejects.toBeInstanceOf(LeaseLostError);
        expect(await store.get('things', 'a')).toBeNull();
      });
    });

    describe('reset and swap', () => {
      it('reset removes the documents and the checkpoint of a projection only', async () => {
        await store.write([put('a', 1n, { v: 1 }), put('b', 1n, { v: 1 }, 'kept')], { projection: 'p', position: 1n });
        await store.write([], { projection: 'q', position: 1n });
        await store.reset('p', ['things']);
        expect(await store.find('things')).toEqual({ items: [] });
        expect(await store.getCheckpoint('p')).toBe(-1n);
        expect(await store.getCheckpoint('q')).toBe(1n);
        expect(await store.get('kept', 'b')).not.toBeNull();
        await store.write([put('a', 1n, { v: 'again' })]);
        expect((await store.get('things', 'a'))?.doc).toEqual({ v: 'again' });
      });

      it('swap replaces the live collection with the shadow and moves the checkpoint', async () => {
        await store.write([put('old', 1n, { v: 'old' }), put('both', 1n, { v: 'old' })], {
          projection: 'p',
          position: 1n,
        });
        await store.write(
          [put('both', 9n, { v: 'new' }), put('fresh', 8n, { v: 'new' }), del('gone', 7n)].map((op) => ({
            ...op,
            collection: 'things__rebuild',
          })),
          {
            projection: 'p__rebuild',
            position: 9n,
          },
        );
        expect((await store.get('things', 'both'))?.doc).toEqual({ v: 'old' });
        await store.swap([['things', 'things__rebuild']], 'p', 'p__rebuild', 12n);
        expect((await store.find('things')).items).toEqual([
          { id: 'both', position: 9n, doc: { v: 'new' } },
          { id: 'fresh', position: 8n, doc: { v: 'new' } },
        ]);
        expect(await store.find('things__rebuild')).toEqual({ items: [] });
        expect(await store.getCheckpoint('p')).toBe(12n);
        expect(await store.getCheckpoint('p__rebuild')).toBe(-1n);
        // The tombstone came along and still refuses older writes.
        await store.write([put('gone', 6n, { v: 'stale' })]);
        expect(await store.get('things', 'gone')).toBeNull();
        // The shadow can be written again afterwards.
        await store.write([put('x', 1n, { v: 1 }, 'things__rebuild')]);
        expect((await store.get('things__rebuild', 'x'))?.doc).toEqual({ v: 1 });
      });

      it('swap with an empty shadow empties the live collection', async () => {
        await store.write([put('old', 1n, { v: 'old' })], { projection: 'p', position: 1n });
        await store.swap([['things', 'things__rebuild']], 'p', 'p__rebuild', 5n);
        expect((await store.findWithTotal('things')).total).toBe(0);
        expect(await store.getCheckpoint('p')).toBe(5n);
      });
    });
  });
}
