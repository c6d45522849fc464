import { describe, expect, it } from 'vitest';
import type { RateLimitStore } from '../../../platform/ratelimit/port.js';

const policy = { burst: 3, perMinute: 20 }; // one token every 3 s

/** What every rate-limit store must do; the memory one runs it in unit tests, MongoDB when MONGODB_URL is set. */
export function describeRateLimitContract(
  name: string,
  open: () => Promise<RateLimitStore>,
  options: { skip?: boolean } = {},
) {
  describe.skipIf(options.skip)(`rate limit store contract: ${name}`, () => {
    const withStore = async (fn: (s: RateLimitStore, key: string) => Promise<void>) => {
      const store = await open();
      try {
        await fn(store, `k-${Math.random().toString(36).slice(2)}`);
      } finally {
        await store.close();
      }
    };

    it('given a fresh bucket, when the burst is used up, then the next take is refused until one token is back', () =>
      withStore(async (s, key) => {
        const t0 = 1_700_000_000_000;
        for (let i = 0; i < 3; i++) expect(await s.take(key, policy, t0)).toEqual({ allowed: true, retryAfterMs: 0 });
        expect(await s.take(key, policy, t0)).toEqual({ allowed: false, retryAfterMs: 3_000 });
        expect(await s.take(key, policy, t0 + 2_000)).toEqual({ allowed: false, retryAfterMs: 1_000 });
        expect((await s.take(key, policy, t0 + 3_000)).allowed).toBe(true);
        expect((await s.take(key, policy, t0 + 3_000)).allowed).toBe(false);
      }));

    it('given a bucket left alone for an hour, then it holds no more than the burst', () =>
      withStore(async (s, key) => {
        const t0 = 1_700_000_000_000;
        await s.take(key, policy, t0);
        const later = t0 + 3_600_000;
        const results = [];
        for (let i = 0; i < 5; i++) results.push((await s.take(key, policy, later)).allowed);
        expect(results).toEqual([true, true, true, false, false]);
      }));

    it('given two keys, then one bucket running dry does not touch the other', () =>
      withStore(async (s, key) => {
        const t0 = 1_700_000_000_000;
        for (let i = 0; i < 4; i++) await s.take(key, policy, t0);
        expect((await s.take(`${key}-other`, policy, t0)).allowed).toBe(true);
      }));

    it('given a clock that goes back, then no tokens are minted', () =>
      withStore(async (s, key) => {
        const t0 = 1_700_000_000_000;
        for (let i = 0; i < 3; i++) await s.take(key, policy, t0);
        expect((await s.take(key, policy, t0 - 60_000)).allowed).toBe(false);
        expect((await s.take(key, policy, t0 + 1_000)).allowed).toBe(false);
      }));

    it('given 50 takes at once on one bucket of 10, then exactly 10 are allowed', () =>
      withStore(async (s, key) => {
        const t0 = 1_700_000_000_000;
        const results = await Promise.all(
          Array.from({ length: 50 }, () => s.take(key, { burst: 10, perMinute: 1 }, t0)),
        );
        expect(results.filter((r) => r.allowed)).toHaveLength(10);
      }));
  });
}
