import { randomBytes } from 'node:crypto';
import type { KeyInfo, KeyStore, SubjectKey } from './port.js';
import { newKeyId } from './key-id.js';

interface Entry extends KeyInfo {
  key: Buffer | null;
}

/** Keys in memory, for unit tests and the in-memory test app. */
export class MemoryKeyStore implements KeyStore {
  private readonly byId = new Map<string, Entry>();
  private readonly live = new Map<string, Entry>();
  private gen = 0;

  async activeKey(subjectId: string, scope: string): Promise<SubjectKey> {
    const slot = `${subjectId}\n${scope}`;
    let entry = this.live.get(slot);
    if (!entry) {
      entry = {
        keyId: newKeyId(),
        subjectId,
        scope,
        createdAt: new Date().toISOString(),
        destroyedAt: null,
        key: randomBytes(32),
      };
      this.live.set(slot, entry);
      this.byId.set(entry.keyId, entry);
    }
    return { keyId: entry.keyId, key: entry.key! };
  }

  async keyById(keyId: string): Promise<Buffer | null> {
    return this.byId.get(keyId)?.key ?? null;
  }

  async keysById(keyIds: readonly string[]): Promise<Map<string, Buffer | null>> {
    return new Map(keyIds.map((id) => [id, this.byId.get(id)?.key ?? null]));
  }

  async destroy(subjectId: string, at: Date, scope?: string): Promise<number> {
    let n = 0;
    for (const [slot, entry] of this.live) {
      if (entry.subjectId !== subjectId || (scope !== undefined && entry.scope !== scope)) continue;
      entry.key?.fill(0);
      entry.key = null;
      entry.destroyedAt = at.toISOString();
      this.live.delete(slot);
      n++;
    }
    if (n > 0) this.gen++;
    return n;
  }

  async keysOf(subjectId: string): Promise<KeyInfo[]> {
    return [...this.byId.values()]
      .filter((e) => e.subjectId === subjectId)
      .map(({ keyId, subjectId: s, scope, createdAt, destroyedAt }) => ({
        keyId,
        subjectId: s,
        scope,
        createdAt,
        destroyedAt,
      }));
  }

  async generation(): Promise<number> {
    return this.gen;
  }

  async close(): Promise<void> {}
}
