import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../../../platform/eventstore/port.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { describeEventStoreContract, newEvent } from './eventstore.contract.js';
import type { FileSyncer } from '../../../platform/wal-sync.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'eventstore-sqlite-'));

describeEventStoreContract('sqlite', async () => {
  const dir = await tempDir();
  const store = new SqliteEventStore(join(dir, 'events.db'));
  return {
    store,
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteEventStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the folder, uses WAL, and numbers positions from 0', async () => {
    const file = join(dir, 'nested', 'data', 'events.db');
    const store = new SqliteEventStore(file);
    await store.append('a-1', [newEvent(), newEvent()], 'no_stream');
    await store.append('b-1', [newEvent()], 'no_stream');
    expect((await store.readAll()).map((e) => e.position)).toEqual([0n, 1n, 2n]);
    await store.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('keeps every event across a reopen, and positions and revisions continue', async () => {
    const file = join(dir, 'events.db');
    const first = new SqliteEventStore(file);
    const written = [newEvent('One', { n: 1 }), newEvent('Two', { n: 2 })];
    await first.append('thing-1', written, 'no_stream');
    await first.append('thing-2', [newEvent('Three', { n: 3 })], 'no_stream');
    const before = await first.readAll();
    await first.close();

    const second = new SqliteEventStore(file);
    expect(await second.readAll()).toEqual(before);
    expect(await second.headPosition()).toBe(2n);
    await expect(second.append('thing-1', [newEvent()], 'no_stream')).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    const next = await second.append('thing-1', [newEvent('Four')], 1n);
    expect(next).toEqual({ nextExpectedRevision: 2n, position: 3n });
    expect((await second.readStream('thing-1')).map((e) => [e.revision, e.position])).toEqual([
      [0n, 0n],
      [1n, 1n],
      [2n, 3n],
    ]);
    await second.close();
  });

  it('lets a second connection (another process) read what was appended', async () => {
    const file = join(dir, 'events.db');
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file);
    await writer.append('thing-1', [newEvent()], 'no_stream');
    expect(await reader.readAll()).toHaveLength(1);
    await writer.close();
    await reader.close();
  });

  describe('group commit', () => {
    let store: SqliteEventStore;
    beforeEach(() => {
      store = new SqliteEventStore(join(dir, 'events.db'));
    });
    afterEach(async () => {
      await store.close();
    });

    it('checks each append of one batch on its own, seeing earlier appends of the batch', async () => {
      // All issued in the same tick, so they are written by one transaction.
      const results = await Promise.allSettled([
        store.append('a-1', [newEvent('A0')], 'no_stream'),
        store.append('a-1', [newEvent('Stale')], 'no_stream'),
        store.append('b-1', [newEvent('B0'), newEvent('B1')], 'no_stream'),
        store.append('a-1', [newEvent('A1')], 0n),
        store.append('c-1', [newEvent('C?')], 'stream_exists'),
        store.append('b-1', [newEvent('B2')], 1n),
      ]);

      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
        streamId: 'a-1',
        expected: 'no_stream',
        actual: 0n,
      });
      expect((results[4] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))).toEqual([
        { nextExpectedRevision: 0n, position: 0n },
        { nextExpectedRevision: 1n, position: 2n },
        { nextExpectedRevision: 1n, position: 3n },
        { nextExpectedRevision: 2n, position: 4n },
      ]);
      expect((await store.readAll()).map((e) => e.type)).toEqual(['A0', 'B0', 'B1', 'A1', 'B2']);
    });

    it('rejects only the append whose data cannot be stored, and keeps positions gapless', async () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const results = await Promise.allSettled([
        store.append('a-1', [newEvent('A0')], 'no_stream'),
        store.append('bad-1', [newEvent('Ok'), newEvent('Bad', circular)], 'no_stream'),
        store.append('a-1', [newEvent('A1')], 0n),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await store.readStream('bad-1')).toEqual([]);
      expect((await store.readAll()).map((e) => [e.type, e.position])).toEqual([
        ['A0', 0n],
        ['A1', 1n],
      ]);
    });

    it('resolves every append only once its batch is committed and visible', async () => {
      const appends = Array.from({ length: 50 }, (_, i) => store.append(`s-${i}`, [newEvent()], 'no_stream'));
      const results = await Promise.all(appends);
      const head = await store.headPosition();
      for (const r of results) expect(r.position <= head).toBe(true);
      expect(await store.readAll({ limit: 100 })).toHaveLength(50);
    });

    it('writes what is queued on close, then refuses appends', async () => {
      const pending = store.append('a-1', [newEvent()], 'no_stream');
      await store.close();
      await expect(pending).resolves.toEqual({ nextExpectedRevision: 0n, position: 0n });
      await expect(store.append('a-1', [newEvent()], 0n)).rejects.toBeInstanceOf(EventStoreUnavailableError);
      const reopened = new SqliteEventStore(join(dir, 'events.db'));
      expect(await reopened.readStream('a-1')).toHaveLength(1);
      await reopened.close();
    });
  });

  describe('durability', () => {
    /** The log's syncs wait until the test finishes them. */
    const held = () => {
      const calls: ((error: NodeJS.ErrnoException | null) => void)[] = [];
      const syncer: FileSyncer = { sync: (done) => calls.push(done), release: () => undefined };
      return { syncer, calls };
    };
    const tick = () => new Promise((r) => setImmediate(r));

    it('given the log not yet synced, then no append resolves and no listener hears of it until it is on disk', async () => {
      const sync = held();
      const store = new SqliteEventStore(join(dir, 'events.db'), sync.syncer);
      let heard = 0;
      store.onAppended(() => heard++);
      let resolved = false;
      const append = store.append('a-1', [newEvent()], 'no_stream').then((r) => ((resolved = true), r));
      await tick();
      await tick();
      expect(sync.calls).toHaveLength(1);
      expect([resolved, heard]).toEqual([false, 0]);

      sync.calls[0]!(null);
      await expect(append).resolves.toEqual({ nextExpectedRevision: 0n, position: 0n });
      await tick();
      expect(heard).toBe(1);
      await store.close();
    });

    it('given the disk fails the sync, then the append is refused as the store being unavailable', async () => {
      const sync = held();
      const store = new SqliteEventStore(join(dir, 'events.db'), sync.syncer);
      const append = store.append('a-1', [newEvent()], 'no_stream');
      await tick();
      sync.calls[0]!(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
      await expect(append).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await store.close();
    });

    it('given an append refused for its expected revision, then it is answered without waiting for the disk', async () => {
      const store = new SqliteEventStore(join(dir, 'events.db'));
      await store.append('a-1', [newEvent()], 'no_stream');
      const sync = held();
      const again = new SqliteEventStore(join(dir, 'events.db'), sync.syncer);
      await expect(again.append('a-1', [newEvent()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(sync.calls).toHaveLength(0);
      await again.close();
      await store.close();
    });
  });
});
