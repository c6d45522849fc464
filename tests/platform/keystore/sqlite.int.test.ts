import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteKeyStore } from '../../../platform/keystore/sqlite.js';
import { describeKeyStoreContract } from './keystore.contract.js';
import type { FileSyncer } from '../../../platform/wal-sync.js';

describeKeyStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'keys-'));
  const store = new SqliteKeyStore(join(dir, 'keys.db'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite key store on disk', () => {
  it('given keys written and the file reopened, then the same keys are read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const first = new SqliteKeyStore(join(dir, 'keys.db'));
    const made = await first.activeKey('family-1', 'identity');
    await first.close();
    const second = new SqliteKeyStore(join(dir, 'keys.db'));
    expect(await second.activeKey('family-1', 'identity')).toEqual(made);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a key destroyed, then its bytes are in no file of the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const store = new SqliteKeyStore(join(dir, 'keys.db'));
    const { key } = await store.activeKey('family-2', 'identity');
    await store.activeKey('family-3', 'identity');
    const material = Buffer.from(key);
    const inFiles = () => readdirSync(dir).some((f) => readFileSync(join(dir, f)).includes(material));
    expect(inFiles()).toBe(true);
    await store.destroy('family-2', new Date());
    expect(inFiles()).toBe(false);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a new key not yet synced to disk, then it is not handed out (no event can be sealed with it) until it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const calls: ((error: NodeJS.ErrnoException | null) => void)[] = [];
    const syncer: FileSyncer = { sync: (done) => calls.push(done), release: () => undefined };
    const store = new SqliteKeyStore(join(dir, 'keys.db'), syncer);
    let handedOut = false;
    const key = store.activeKey('family-4', 'identity').then((k) => ((handedOut = true), k));
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect([calls.length, handedOut]).toEqual([1, false]);
    calls[0]!(null);
    expect((await key).key).toHaveLength(32);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
