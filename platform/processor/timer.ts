import type { ReadStore } from '../readstore/port.js';
import { Lease } from './lease.js';

export interface TimerContext {
  /**
   * Renews the lease when due; throws LeaseLostError when another runner took it, which ends the
   * pass (its work so far is recorded as events, so the new holder goes on from there).
   */
  keepLease(): Promise<void>;
}

/**
 * Work on a clock rather than on an event (hold expiry, reminders, retention): a pass every
 * `everyMs`, passes never overlapping, and only in the one runner that holds the timer's lease,
 * whatever the number of processes. A pass works from read models and records what it did as
 * events, so a restart or another runner picks up where it left off.
 */
export interface TimerDefinition<R> {
  /** Its lease's name, distinct from every projection's and reactor's. */
  name: string;
  everyMs: number;
  /** How long a runner that died keeps the others out (default: three intervals, from 10 s to 10 min). */
  leaseTtlMs?: number;
  pass(context: TimerContext): Promise<R>;
  /** What a tick reports while another runner holds the lease. */
  idle: () => R;
}

export type Timer<R = unknown> = TimerDefinition<R>;
/** Any timer, whatever its report: what the runner takes. */
export type AnyTimer = Timer<unknown>;

export function defineTimer<R>(definition: TimerDefinition<R>): Timer<R> {
  return definition;
}

export const leaseTtlOf = (timer: AnyTimer): number =>
  timer.leaseTtlMs ?? Math.min(600_000, Math.max(10_000, timer.everyMs * 3));

/**
 * One timer under its lease, a tick at a time: the runner ticks it every `everyMs`; a test ticks it
 * by hand. A tick while a pass is under way joins that pass instead of starting a second.
 */
export class TimerTicker<R> {
  readonly lease: Lease;
  private running: Promise<R> | null = null;

  constructor(
    readonly timer: Timer<R>,
    readStore: ReadStore,
    options: { owner: string; takeOverAtStart?: boolean; now?: () => number },
  ) {
    this.lease = new Lease(readStore, timer.name, options.owner, {
      ttlMs: leaseTtlOf(timer as AnyTimer),
      takeOverAtStart: options.takeOverAtStart,
      now: options.now,
    });
  }

  /** One pass (or the pass already under way); nothing but `idle` while another runner holds the lease. */
  tick(): Promise<R> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  /** Waits for a pass under way, then gives the lease back so another runner takes over at once. */
  async stop(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.lease.release();
  }

  private async run(): Promise<R> {
    if ((await this.lease.hold()) === 'refused') return this.timer.idle();
    return this.timer.pass({ keepLease: () => this.lease.keep() });
  }
}
