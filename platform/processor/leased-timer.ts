import type { Logger } from '../log.js';
import type { Lease } from './lease.js';

export interface LeasedTimerOptions<R> {
  /** Named in the log when a pass fails. */
  name: string;
  intervalMs: number;
  lease: Lease;
  log: Logger;
  /** One pass of the work, run only while this process holds the lease. */
  pass: () => Promise<R>;
  /** What a pass reports when another process holds the lease. */
  idle: () => R;
}

/**
 * Work on a clock rather than on an event (hold expiry, reminders): a pass every interval, passes
 * never overlapping, and only in the one process that holds the lease, whatever the number of API
 * processes. What a pass does is recorded as events, so a restart picks up where it left off.
 */
export class LeasedTimer<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R> | null = null;

  constructor(private readonly options: LeasedTimerOptions<R>) {}

  start(): void {
    if (this.timer) return;
    const { name, log, intervalMs } = this.options;
    this.timer = setInterval(
      () => void this.tick().catch((err: unknown) => log.error(`${name} tick failed`, { err })),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.options.lease.release();
  }

  /** One pass (or the pass already under way); nothing but `idle` while another process holds the lease. */
  tick(): Promise<R> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<R> {
    if ((await this.options.lease.hold()) === 'refused') return this.options.idle();
    return this.options.pass();
  }
}
