import type { Logger } from '../log.js';
import { MemoryRateLimitStore } from './memory.js';
import type { BucketPolicy, RateLimitStore, TakeResult } from './port.js';

/**
 * The shared store, and while it cannot be reached, this process's own buckets. A read-store
 * outage must not stop enrollments (they are written to the event store), and letting every
 * request through during it would lift the limit; per-process buckets keep a limit in place.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private readonly local = new MemoryRateLimitStore();
  private warnedAt = -Infinity;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly log: Logger,
  ) {}

  async take(key: string, policy: BucketPolicy, nowMs: number): Promise<TakeResult> {
    try {
      return await this.shared.take(key, policy, nowMs);
    } catch (err) {
      if (nowMs - this.warnedAt > 60_000) {
        this.warnedAt = nowMs;
        this.log.warn('shared rate limit store unavailable; limiting per process', {
          err: err instanceof Error ? err.name : String(err),
        });
      }
      return this.local.take(key, policy, nowMs);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.shared.close(), this.local.close()]);
  }
}
