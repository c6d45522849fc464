import type { EventMetadata } from '../../contracts/core/events.js';
import { defineTimer, type TimerContext } from '../../platform/processor/timer.js';
import { LeaseLostError } from '../../platform/readstore/port.js';
import type { ReviewAskDoc } from '../../projections/reviews/review-asks.js';
import type { AppDeps } from '../core/deps.js';
import { daysBetween } from '../enrollment/emails/reminder-timer.js';
import { askForReview } from './ask.js';

export interface ReviewAskTickReport {
  asked: number;
  failures: number;
}

const LEASE = 'review-ask-timer';
const DAY_MS = 86_400_000;
/**
 * How long after its last session a booking is still asked: a pass normally asks within a minute;
 * this covers a timer stopped for a while, and keeps a read model rebuilt from old events from
 * asking families about workshops long past.
 */
export const REVIEW_ASK_CATCH_UP_DAYS = 7;

/**
 * Asks each booking for its review once its last session has ended and someone was marked present
 * (issue 40): a pass every minute, so within five minutes of that end, under the timer's lease (one
 * process at a time). It works from the `review-asks` read model and asks through `askForReview`,
 * whose decider records ReviewRequested once per booking (a second pass, or a second process after
 * a lease taken over, records nothing); the read model drops the booking once asked. The e-mail
 * is the reactor's on ReviewRequested (review-request-email-reactor.ts), once by its position.
 * A booking whose marks were all taken back is not asked, and is looked at again only after a new mark.
 */
export function reviewAskTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new ReviewAskPass(deps);
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer<ReviewAskTickReport>({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(30_000, everyMs * 3),
    pass: (context) => pass.work(context),
    idle: () => ({ asked: 0, failures: 0 }),
  });
}

class ReviewAskPass {
  /** Bookings found with nobody present, by the mark they were looked at with. */
  private readonly nobody = new Map<string, string | null>();

  constructor(private readonly deps: AppDeps) {}

  async work(context: TimerContext): Promise<ReviewAskTickReport> {
    const report: ReviewAskTickReport = { asked: 0, failures: 0 };
    const now = this.deps.clock();
    const from = new Date(now.getTime() - REVIEW_ASK_CATCH_UP_DAYS * DAY_MS);
    const { items } = await this.deps.readStore.find<ReviewAskDoc>('review-asks', {
      where: { confirmed: true, marked: true, endsOn: daysBetween(from, now) },
      sort: [{ field: 'endsAt', direction: 'asc' }],
      limit: 500,
    });
    for (const { doc } of items) {
      const endsAt = Date.parse(doc.endsAt);
      if (endsAt < from.getTime()) continue;
      if (endsAt > now.getTime()) break;
      if (this.nobody.has(doc.enrollmentId) && this.nobody.get(doc.enrollmentId) === doc.markedAt) continue;
      await context.keepLease();
      try {
        const answer = await askForReview(this.deps, doc.enrollmentId, now, this.metadata(doc.enrollmentId));
        if (answer.asked) report.asked++;
        else if (answer.notAsked === 'nobody-attended') this.nobody.set(doc.enrollmentId, doc.markedAt);
      } catch (err) {
        if (err instanceof LeaseLostError) throw err;
        report.failures++;
        this.deps.log.warn('review ask failed', { enrollmentId: doc.enrollmentId, err });
      }
    }
    return report;
  }

  private metadata(enrollmentId: string): EventMetadata {
    const id = `review-ask-${enrollmentId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
