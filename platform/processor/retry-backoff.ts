import { LeaseLostError } from '../readstore/port.js';

/**
 * Growing pauses between a timer's tries of one failing item, so a broken one is not retried in a
 * tight loop every pass while the others go on. A lost lease is not a failure of the item: it is
 * thrown on, ending the pass (the runner that holds the lease now does the work).
 */
export class RetryBackoff {
  private readonly waits = new Map<string, { until: number; failures: number }>();

  /** `firstMs`: the pause after the first failure, doubling after each next one up to `maxMs`. */
  constructor(private readonly options: { firstMs: number; maxMs: number; now?: () => number }) {}

  /** The job's answer; `false` without trying while the key rests, or when the job failed (`onFailure` told). */
  async attempt(
    key: string,
    job: () => Promise<boolean>,
    onFailure: (err: unknown, failures: number) => void,
  ): Promise<boolean> {
    const now = this.options.now ?? Date.now;
    const wait = this.waits.get(key);
    if (wait && wait.until > now()) return false;
    try {
      const done = await job();
      this.waits.delete(key);
      return done;
    } catch (err) {
      if (err instanceof LeaseLostError) throw err;
      const failures = (wait?.failures ?? 0) + 1;
      this.waits.set(key, {
        failures,
        until: now() + Math.min(this.options.maxMs, this.options.firstMs * 2 ** (failures - 1)),
      });
      onFailure(err, failures);
      return false;
    }
  }
}
