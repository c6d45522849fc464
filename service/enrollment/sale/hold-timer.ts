import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { Order } from '../../../contracts/enrollment/api.js';
import type { SeatHoldDoc } from '../../../projections/enrollment/seat-holds.js';
import type { AppDeps } from '../../core/deps.js';
import { settlePayment } from '../payment/settle-payment.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { defineTimer } from '../../../platform/processor/timer.js';

export interface TickReport {
  expired: number;
  settled: number;
  failures: number;
}

/** The lease name of the process this timer was part of before the e-mail became a reactor; kept, so old and new processes never run both. */
const LEASE = 'enrollment-reactor';

/**
 * What the enrollment slice does on a clock rather than on an event. It works from read models,
 * which are rebuilt from the events, so a restart picks up where it left off, and records what it
 * did as events:
 * - `seat-holds` past their expiry: seats released and the enrollment expired (or, when it was
 *   confirmed or paid meanwhile, the seats confirmed instead); a waitlist offer's seats released;
 * - `orders` paid but not confirmed (a crash mid-way): settled.
 */
export function holdTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new HoldPass(deps);
  return defineTimer<TickReport>({
    name: LEASE,
    everyMs: options.everyMs ?? 1_000,
    leaseTtlMs: Math.max(5_000, (options.everyMs ?? 1_000) * 5),
    pass: () => pass.work(),
    idle: () => ({ expired: 0, settled: 0, failures: 0 }),
  });
}

class HoldPass {
  /** Enrollment id -> time before which a failed job is not retried. */
  private readonly backoff = new Map<string, { until: number; failures: number }>();

  constructor(private readonly deps: AppDeps) {}

  async work(): Promise<TickReport> {
    const report: TickReport = { expired: 0, settled: 0, failures: 0 };
    const now = this.deps.clock();

    const { items: holds } = await this.deps.readStore.find<SeatHoldDoc>('seat-holds', {
      sort: [{ field: 'expiresAt', direction: 'asc' }],
      limit: 200,
    });
    for (const { doc: hold } of holds) {
      if (new Date(hold.expiresAt) > now) break;
      if (await this.attempt(hold.enrollmentId, report, () => this.expireHold(hold))) report.expired++;
    }

    const { items: paid } = await this.deps.readStore.find<Order>('orders', {
      where: { status: 'pending', paymentStatus: 'paid' },
      limit: 50,
    });
    for (const { doc } of paid) {
      if (await this.attempt(doc.id, report, () => settlePayment(this.deps, doc.id, this.metadata('settle', doc.id))))
        report.settled++;
    }
    return report;
  }

  private async expireHold(hold: SeatHoldDoc): Promise<void> {
    const { enrollmentId, workshopId } = hold;
    const { commands } = this.deps;
    const metadata = this.metadata('expiry', enrollmentId);
    const at = this.deps.clock().toISOString();
    if (hold.offer) {
      // A waitlist offer not taken in time: its seats go back, and the waitlist reactor passes them on.
      await commands.handle(
        workshopDecider,
        workshopStream(workshopId),
        { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'expired' },
        metadata,
      );
      this.deps.log.info('waitlist offer expired', { workshopId, seats: hold.seats });
      return;
    }
    const enrollment = await commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
    if (enrollment.status === 'confirmed') {
      // Confirmed (free) but the seat confirmation did not follow: finish it instead of releasing.
      await commands.handle(
        workshopDecider,
        workshopStream(workshopId),
        { type: 'ConfirmSeats', workshopId, enrollmentId, seats: hold.seats, at },
        metadata,
      );
      return;
    }
    if (enrollment.status === 'paid') {
      await settlePayment(this.deps, enrollmentId, metadata);
      return;
    }
    await commands.handle(
      workshopDecider,
      workshopStream(workshopId),
      { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'expired' },
      metadata,
    );
    if (enrollment.status === 'pending') {
      await commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        { type: 'ExpireEnrollment', at },
        metadata,
      );
    }
    this.deps.log.info('seat hold expired', { enrollmentId, workshopId, seats: hold.seats });
  }

  /** Runs one job; a failure is logged and retried later with growing pauses, not in a tight loop. */
  private async attempt(key: string, report: TickReport, job: () => Promise<unknown>): Promise<boolean> {
    const wait = this.backoff.get(key);
    if (wait && wait.until > Date.now()) return false;
    try {
      const result = await job();
      this.backoff.delete(key);
      return result !== false;
    } catch (err) {
      report.failures++;
      const failures = (wait?.failures ?? 0) + 1;
      this.backoff.set(key, { failures, until: Date.now() + Math.min(300_000, 1_000 * 2 ** failures) });
      this.deps.log.warn('hold timer job failed', { enrollmentId: key, failures, err });
      return false;
    }
  }

  private metadata(kind: string, enrollmentId: string): EventMetadata {
    const id = `${kind}-${enrollmentId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
