import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { SeatHoldDoc } from '../../../projections/enrollment/seat-holds.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { defineTimer } from '../../../platform/processor/timer.js';
import { RetryBackoff } from '../../../platform/processor/retry-backoff.js';
import { refuseCheckout } from '../checkout/refuse-checkout.js';

export interface TickReport {
  /** Lapsed holds recorded this pass: enrollments expired, offers released, checkouts never recorded. */
  expired: number;
  failures: number;
}

/** The lease's name from before the hold timer was a timer definition; kept, so old and new processes never run both. */
const LEASE = 'enrollment-reactor';

/**
 * Holds not paid in time, on a clock, from the `seat-holds` read model (by expiry), so a restart
 * picks up where it left off. It records facts and nothing else; what follows is the checkout
 * workflow's:
 * - an unpaid enrollment's hold lapsed: EnrollmentExpired (the workflow gives back its seats,
 *   allowance and parts);
 * - a hold whose enrollment was never recorded (its request died): CheckoutRefused, `lapsed`, with
 *   what the hold says the checkout asked for (the workflow gives it all back);
 * - a waitlist offer not taken in time: its seats released (the waitlist reactor passes them on).
 * A hold whose enrollment was paid or confirmed meanwhile is the workflow's to confirm.
 */
export function holdTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new HoldPass(deps);
  const everyMs = options.everyMs ?? 1_000;
  return defineTimer<TickReport>({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(5_000, everyMs * 5),
    pass: () => pass.work(),
    idle: () => ({ expired: 0, failures: 0 }),
  });
}

class HoldPass {
  /** Enrollment id -> the pause before a failed one is tried again. */
  private readonly backoff = new RetryBackoff({ firstMs: 2_000, maxMs: 300_000 });

  constructor(private readonly deps: AppDeps) {}

  async work(): Promise<TickReport> {
    const report: TickReport = { expired: 0, failures: 0 };
    const now = this.deps.clock();
    const { items: holds } = await this.deps.readStore.find<SeatHoldDoc>('seat-holds', {
      sort: [{ field: 'expiresAt', direction: 'asc' }],
      limit: 200,
    });
    for (const { doc: hold } of holds) {
      if (new Date(hold.expiresAt) > now) break;
      const failed = (err: unknown, failures: number) => {
        report.failures++;
        this.deps.log.warn('hold timer job failed', { enrollmentId: hold.enrollmentId, failures, err });
      };
      if (await this.backoff.attempt(hold.enrollmentId, () => this.lapse(hold), failed)) report.expired++;
    }
    return report;
  }

  /** Records what the lapse of this hold means; false when it means nothing (any more). */
  private async lapse(hold: SeatHoldDoc): Promise<boolean> {
    const { enrollmentId, workshopId } = hold;
    const { commands } = this.deps;
    const metadata = this.metadata(enrollmentId);
    const at = this.deps.clock().toISOString();
    if (hold.offer) {
      await commands.handle(
        workshopDecider,
        workshopStream(workshopId),
        { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'expired' },
        metadata,
      );
      this.deps.log.info('waitlist offer expired', { workshopId, seats: hold.seats });
      return true;
    }
    const enrollment = await commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
    if (enrollment.status === 'none') {
      const refusal = { enrollmentId, workshopId, holds: hold.checkout ?? {}, reason: 'lapsed' } as const;
      if (!(await refuseCheckout(this.deps, refusal, metadata))) return false;
      this.deps.log.info('seat hold lapsed without an enrollment', { enrollmentId, workshopId });
      return true;
    }
    if (enrollment.status !== 'pending') return false;
    const expired = await commands.handle(
      enrollmentDecider,
      enrollmentStream(enrollmentId),
      { type: 'ExpireEnrollment', at },
      metadata,
    );
    if (expired.events.length > 0)
      this.deps.log.info('seat hold expired', { enrollmentId, workshopId, seats: hold.seats });
    return expired.events.length > 0;
  }

  private metadata(enrollmentId: string): EventMetadata {
    const id = `expiry-${enrollmentId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
