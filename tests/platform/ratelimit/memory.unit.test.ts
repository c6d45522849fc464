import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../../platform/ratelimit/memory.js';
import { describeRateLimitContract } from './ratelimit.contract.js';
import { FallbackRateLimitStore } from '../../../platform/ratelimit/fallback.js';
import type { RateLimitStore } from '../../../platform/ratelimit/port.js';

describeRateLimitContract('memory', async () => new MemoryRateLimitStore());

describe('memory rate limit store', () => {
  it('given more clients than it keeps, then buckets that have refilled are swept and memory stays bounded', async () => {
    const store = new MemoryRateLimitStore(100);
    const policy = { burst: 2, perMinute: 60 };
    for (let i = 0; i < 100; i++) await store.take(`old-${i}`, policy, 0);
    // Two seconds later every old bucket is full again, which is the same as no bucket.
    await store.take('new-1', policy, 2_000);
    await store.take('new-2', policy, 2_000);
    expect(store.size).toBeLessThanOrEqual(2);
  });

  it('given a flood of live clients, then it keeps limiting each of them', async () => {
    const store = new MemoryRateLimitStore(100);
    const policy = { burst: 1, perMinute: 1 };
    for (let i = 0; i < 1_000; i++) await store.take(`c-${i}`, policy, 0);
    expect((await store.take('c-5', policy, 0)).allowed).toBe(false);
    expect((await store.take('c-999', policy, 0)).allowed).toBe(false);
  });
});

describe('shared rate limit store falling back', () => {
  it('given the shared store unreachable, then this process keeps limiting with its own buckets and says so once', async () => {
    const warnings: string[] = [];
    const log = { debug() {}, info() {}, error() {}, warn: (m: string) => void warnings.push(m) };
    const down: RateLimitStore = {
      take: () => Promise.reject(new Error('MongoServerSelectionError')),
      close: async () => undefined,
    };
    const store = new FallbackRateLimitStore(down, log);
    const policy = { burst: 2, perMinute: 1 };
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await store.take('c', policy, 1_000)).allowed);
    expect(results).toEqual([true, true, false]);
    expect(warnings).toEqual(['shared rate limit store unavailable; limiting per process']);
  });
});
