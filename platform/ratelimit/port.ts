/**
 * Token buckets by key (a client address), behind a port so that several API processes can share
 * them: in memory on the embedded default (one process), in MongoDB when it is configured.
 */
export interface BucketPolicy {
  /** Tokens a full bucket holds: the requests allowed in one burst. */
  burst: number;
  /** Tokens added per minute, up to `burst`. */
  perMinute: number;
}

export interface TakeResult {
  allowed: boolean;
  /** When refused: milliseconds until one token is back. 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimitStore {
  /** Takes one token from `key`'s bucket at time `nowMs`, atomically. */
  take(key: string, policy: BucketPolicy, nowMs: number): Promise<TakeResult>;
  close(): Promise<void>;
}

/** Tokens in a bucket that held `tokens` at `atMs`, refilled until `nowMs` (a clock going back refills nothing). */
export function refilled(tokens: number, atMs: number, nowMs: number, policy: BucketPolicy): number {
  return Math.min(policy.burst, tokens + (Math.max(0, nowMs - atMs) * policy.perMinute) / 60_000);
}

/** What a take answers once the bucket's refilled content is known. */
export function outcome(before: number, policy: BucketPolicy): TakeResult {
  if (before >= 1) return { allowed: true, retryAfterMs: 0 };
  // Less a nanosecond's worth, so that floating-point dust does not add a whole millisecond.
  return { allowed: false, retryAfterMs: Math.ceil(((1 - before) * 60_000) / policy.perMinute - 1e-6) };
}
