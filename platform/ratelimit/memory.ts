import { type BucketPolicy, type RateLimitStore, type TakeResult, outcome, refilled } from './port.js';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Buckets in a Map, for one process. A bucket that has refilled to full is the same as no bucket,
 * so such buckets are swept once the map grows: memory stays bounded by the clients active within
 * one refill period, however many addresses an attacker cycles through.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, Bucket>();
  private sweepAt: number;

  constructor(private readonly sweepAbove = 10_000) {
    this.sweepAt = sweepAbove;
  }

  async take(key: string, policy: BucketPolicy, nowMs: number): Promise<TakeResult> {
    return this.takeNow(key, policy, nowMs);
  }

  /** The same as take, without a promise; for callers on a hot path. */
  takeNow(key: string, policy: BucketPolicy, nowMs: number): TakeResult {
    const bucket = this.buckets.get(key);
    const before = bucket ? refilled(bucket.tokens, bucket.at, nowMs, policy) : policy.burst;
    const result = outcome(before, policy);
    this.buckets.set(key, { tokens: result.allowed ? before - 1 : before, at: Math.max(nowMs, bucket?.at ?? nowMs) });
    if (this.buckets.size > this.sweepAt) this.sweep(policy, nowMs);
    return result;
  }

  /** Buckets kept, for tests of the sweep. */
  get size(): number {
    return this.buckets.size;
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private sweep(policy: BucketPolicy, nowMs: number): void {
    for (const [key, b] of this.buckets)
      if (refilled(b.tokens, b.at, nowMs, policy) >= policy.burst) this.buckets.delete(key);
    // Under a flood of live clients nothing may be sweepable: wait for the map to double, not sweep on every take.
    this.sweepAt = Math.max(this.sweepAbove, this.buckets.size * 2);
  }
}
