/**
 * Counts failures per client over a sliding window, in memory. It is per process on purpose: the
 * aim is to make guessing the admin key slow, not to meter traffic across a cluster.
 */
export class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    /** Beyond this many tracked clients, stale ones are swept so memory stays bounded. */
    private readonly maxClients = 10_000,
  ) {}

  /** Seconds until the client may try again, or 0 when it is not blocked. */
  blockedFor(client: string): number {
    const recent = this.recent(client);
    if (recent.length < this.limit) return 0;
    const oldestThatCounts = recent[recent.length - this.limit]!;
    return Math.max(1, Math.ceil((oldestThatCounts + this.windowMs - this.now()) / 1000));
  }

  /** How many failures of the client still count. */
  count(client: string): number {
    return this.recent(client).length;
  }

  record(client: string): void {
    // Only the newest `limit` failures can ever decide a block, so no more are kept.
    const recent = [...this.recent(client), this.now()].slice(-this.limit);
    this.failures.set(client, recent);
    if (this.failures.size > this.maxClients) this.sweep();
  }

  private recent(client: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(client) ?? []).filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(client);
    return kept;
  }

  private sweep(): void {
    for (const client of [...this.failures.keys()]) this.recent(client);
  }
}
