import type { KeyInfo, KeyStore, SubjectKey } from './port.js';

/**
 * Keys kept in memory between events: a rebuild reads tens of thousands of events of a few
 * hundred subjects. What it holds is dropped when this process destroys a key, and when the
 * store's generation moved (a destroy in another process), looked at no more than every
 * `recheckMs`: a process that did not make the erasure stops using the key within that time.
 */
export class CachedKeyStore implements KeyStore {
  private readonly live = new Map<string, Promise<SubjectKey>>();
  private readonly byId = new Map<string, Buffer | null>();
  private seen = -1;
  private checkedAt = -Infinity;

  constructor(
    readonly inner: KeyStore,
    private readonly options: { recheckMs?: number; maxEntries?: number } = {},
  ) {}

  async activeKey(subjectId: string, scope: string): Promise<SubjectKey> {
    await this.fresh();
    const slot = `${subjectId}\n${scope}`;
    let key = this.live.get(slot);
    if (!key) {
      key = this.inner.activeKey(subjectId, scope);
      this.remember(this.live, slot, key);
      key.catch(() => this.live.delete(slot));
    }
    return key;
  }

  async keyById(keyId: string): Promise<Buffer | null> {
    await this.fresh();
    if (this.byId.has(keyId)) return this.byId.get(keyId)!;
    const key = await this.inner.keyById(keyId);
    this.remember(this.byId, keyId, key);
    return key;
  }

  async keysById(keyIds: readonly string[]): Promise<Map<string, Buffer | null>> {
    await this.fresh();
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const id of keyIds) {
      if (this.byId.has(id)) found.set(id, this.byId.get(id)!);
      else missing.push(id);
    }
    if (missing.length)
      for (const [id, key] of await this.inner.keysById(missing)) {
        this.remember(this.byId, id, key);
        found.set(id, key);
      }
    return found;
  }

  async destroy(subjectId: string, at: Date, scope?: string): Promise<number> {
    const n = await this.inner.destroy(subjectId, at, scope);
    this.forget();
    return n;
  }

  keysOf(subjectId: string): Promise<KeyInfo[]> {
    return this.inner.keysOf(subjectId);
  }

  generation(): Promise<number> {
    return this.inner.generation();
  }

  /**
   * Forgets every key held and asks the store again at the next use: for work that must see a
   * destruction made by another process or thread at once (the scrub after an erasure), not
   * within `recheckMs`.
   */
  async refresh(): Promise<void> {
    this.forget();
    this.seen = await this.inner.generation();
    this.checkedAt = performance.now();
  }

  async compact(): Promise<void> {
    await this.inner.compact?.();
  }

  close(): Promise<void> {
    this.forget();
    return this.inner.close();
  }

  private async fresh(): Promise<void> {
    const now = performance.now();
    if (now - this.checkedAt < (this.options.recheckMs ?? 1000)) return;
    const generation = await this.inner.generation();
    this.checkedAt = now;
    if (generation !== this.seen) {
      this.forget();
      this.seen = generation;
    }
  }

  private forget(): void {
    this.live.clear();
    this.byId.clear();
    this.checkedAt = -Infinity;
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= (this.options.maxEntries ?? 50_000)) map.clear();
    map.set(key, value);
  }
}
