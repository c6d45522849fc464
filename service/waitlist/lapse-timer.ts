import type { EventMetadata } from '../../contracts/core/events.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import type { WaitlistDoc } from '../../projections/waitlist/waitlists.js';
import { Lease } from '../../platform/processor/lease.js';
import { LeasedTimer } from '../../platform/processor/leased-timer.js';
import type { AppDeps } from '../core/deps.js';
import { waitlistDecider } from './waitlist-decider.js';

export interface WaitlistLapseTimerOptions {
  /** How often to look for entries past their time (ms). Default one minute. */
  intervalMs?: number;
  /** Lease owner name; one timer at a time works, whatever the number of API processes. */
  owner?: string;
  /** Take the lease at the first tick even if another owner holds it (embedded default: see ProcessorRunner). */
  takeOverAtStart?: boolean;
}

const LEASE = 'waitlist-lapses';
/** Entries looked at per pass; the rest wait for the next one. */
const BATCH = 200;

/**
 * Waitlist entries whose e-mail was not confirmed in time lapse: recorded as WaitlistEntryLapsed on
 * their waitlist's stream (LapseEntry decides it again, on the stream, so a late confirmation and
 * a lapse never both count). It works from the `waitlists` read model (unconfirmed entries by their
 * time), so a restart picks up where it left off, under a lease so one process works at a time.
 * An unconfirmed entry never gets an offer whether it has lapsed yet or not; the lapse takes it
 * off the list and frees its place in its address's allowance for everyone to see.
 */
export class WaitlistLapseTimer {
  private readonly timer: LeasedTimer<number>;

  constructor(
    private readonly deps: AppDeps,
    options: WaitlistLapseTimerOptions = {},
  ) {
    const intervalMs = options.intervalMs ?? 60_000;
    const lease = new Lease(deps.readStore, LEASE, options.owner ?? `waitlist-lapses-${process.pid}-${deps.newId()}`, {
      ttlMs: Math.max(10_000, intervalMs * 3),
      takeOverAtStart: options.takeOverAtStart,
    });
    this.timer = new LeasedTimer({
      name: 'waitlist lapse timer',
      intervalMs,
      lease,
      log: deps.log,
      pass: () => this.work(),
      idle: () => 0,
    });
  }

  start(): void {
    this.timer.start();
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** One pass: answers how many entries lapsed. */
  tick(): Promise<number> {
    return this.timer.tick();
  }

  private async work(): Promise<number> {
    const now = this.deps.clock();
    const { items } = await this.deps.readStore.find<WaitlistDoc>('waitlists', {
      where: { status: 'unconfirmed' },
      sort: [{ field: 'confirmBy', direction: 'asc' }],
      limit: BATCH,
    });
    let lapsed = 0;
    for (const { doc } of items) {
      if (!doc.confirmBy || new Date(doc.confirmBy) > now) break;
      const lapse = await this.deps.commands.handle(
        waitlistDecider,
        waitlistStream(doc.workshopId),
        { type: 'LapseEntry', entryId: doc.id, at: now.toISOString() },
        this.metadata(doc.id),
      );
      if (lapse.events.length > 0) {
        lapsed++;
        this.deps.log.info('waitlist entry lapsed', { workshopId: doc.workshopId, entryId: doc.id });
      }
    }
    return lapsed;
  }

  private metadata(entryId: string): EventMetadata {
    const id = `lapse-${entryId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
