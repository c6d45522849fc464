import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyStore } from '../../../platform/keystore/port.js';

const AT = new Date('2025-08-01T12:00:00.000Z');
let n = 0;
const subject = () => `subject-${process.pid}-${Date.now()}-${n++}`;

/** The same behaviour, proved against every adapter of the KeyStore port. */
export function describeKeyStoreContract(
  name: string,
  makeStore: () => Promise<{ store: KeyStore; cleanup(): Promise<void> }>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip)(`KeyStore contract: ${name}`, () => {
    let store: KeyStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('given a subject without keys, when its key is asked twice, then one 32-byte key is made and given both times', async () => {
      const s = subject();
      const first = await store.activeKey(s, 'identity');
      const again = await store.activeKey(s, 'identity');
      expect(first.key).toHaveLength(32);
      expect(again).toEqual(first);
      expect(await store.keyById(first.keyId)).toEqual(first.key);
    });

    it('given many concurrent first asks for one subject and scope, then every caller gets the same key', async () => {
      const s = subject();
      const keys = await Promise.all(Array.from({ length: 20 }, () => store.activeKey(s, 'identity')));
      expect(new Set(keys.map((k) => k.keyId)).size).toBe(1);
      expect((await store.keysOf(s)).filter((k) => k.destroyedAt === null)).toHaveLength(1);
    });

    it('given two scopes and two subjects, then each has a key of its own', async () => {
      const [a, b] = [subject(), subject()];
      const ids = [
        (await store.activeKey(a, 'identity')).keyId,
        (await store.activeKey(a, 'safety:e1')).keyId,
        (await store.activeKey(b, 'identity')).keyId,
      ];
      expect(new Set(ids).size).toBe(3);
    });

    it('given a destroyed key, then it cannot be read, the generation moved, and the next ask makes a new key', async () => {
      const s = subject();
      const before = await store.generation();
      const old = await store.activeKey(s, 'identity');
      expect(await store.destroy(s, AT)).toBe(1);
      expect(await store.keyById(old.keyId)).toBeNull();
      expect(await store.generation()).toBeGreaterThan(before);
      const fresh = await store.activeKey(s, 'identity');
      expect(fresh.keyId).not.toBe(old.keyId);
      expect(await store.keysOf(s)).toMatchObject([
        { keyId: old.keyId, scope: 'identity', destroyedAt: AT.toISOString() },
        { keyId: fresh.keyId, scope: 'identity', destroyedAt: null },
      ]);
    });

    it('given one scope destroyed, then the subject keeps its other keys', async () => {
      const s = subject();
      const identity = await store.activeKey(s, 'identity');
      const safety = await store.activeKey(s, 'safety:e1');
      expect(await store.destroy(s, AT, 'safety:e1')).toBe(1);
      expect(await store.keyById(safety.keyId)).toBeNull();
      expect(await store.keyById(identity.keyId)).toEqual(identity.key);
    });

    it('given nothing live, when destroyed again, then nothing changes', async () => {
      const s = subject();
      await store.activeKey(s, 'identity');
      await store.destroy(s, AT);
      const generation = await store.generation();
      expect(await store.destroy(s, AT)).toBe(0);
      expect(await store.generation()).toBe(generation);
    });

    it('given an unknown key id, then it reads as none', async () => {
      expect(await store.keyById('k_unknown')).toBeNull();
    });

    it('given live, destroyed and unknown ids asked at once, then each reads as it does alone', async () => {
      const [a, b] = [subject(), subject()];
      const live = await store.activeKey(a, 'identity');
      const gone = await store.activeKey(b, 'identity');
      await store.destroy(b, AT);
      const found = await store.keysById([live.keyId, gone.keyId, 'k_unknown']);
      expect(found.get(live.keyId)).toEqual(live.key);
      expect(found.get(gone.keyId)).toBeNull();
      expect(found.get('k_unknown')).toBeNull();
    });
  });
}
