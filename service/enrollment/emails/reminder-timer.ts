import { bookingUrl } from '../after-sale/booking-link.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream, itemSessions } from '../../../contracts/enrollment/events.js';
import type { ReminderDoc } from '../../../projections/enrollment/reminders.js';
import { defineTimer, type TimerContext } from '../../../platform/processor/timer.js';
import { RetryBackoff } from '../../../platform/processor/retry-backoff.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { insideReminderWindow } from './confirmation-email.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { stayingAttendees } from '../decider/participants.js';
import { reminderEmail } from './reminder-email.js';
import { calendarRevision } from './calendar-revision.js';

export interface ReminderTickReport {
  sent: number;
  failures: number;
}

const LEASE = 'enrollment-reminders';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC days (YYYY-MM-DD) from `from` to `to`, both included: the `startsOn` values a window spans. */
export function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t <= to.getTime(); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The one reminder e-mail before a workshop, on a clock: each confirmed enrollment gets it once
 * its workshop is less than REMINDER_HOURS away, and none when it was confirmed inside that window
 * (its confirmation said it would be the only e-mail).
 *
 * It works from the `reminders` read model (confirmed enrollments still owed one, by start) and
 * records what it did as ReminderSent through the command handler, so:
 * - Exactly once across restarts: the record is on the enrollment's stream, and the read model
 *   drops the enrollment once it is there; a restarted process finds nothing left to send.
 * - Across API processes: a lease keeps the sending to one process; if two ever sent (a lease
 *   taken over mid-send), the decider records the second ReminderSent as nothing.
 * - The send happens before the record. A crash between them sends the same message again at the
 *   next pass, identical and with the same Message-ID: the outbox (embedded default) writes it to
 *   the same file, REMINDER-<order>.eml. Over SMTP the second copy does leave (mail servers do not
 *   drop a Message-ID they have seen), so that window, one send, is at least once.
 * - None after a cancellation: the read model drops a cancelled or refunded enrollment, and each
 *   send first reads the enrollment's state, which must still be `confirmed` (a cancellation the
 *   read model has not caught up with yet); a cancellation between that read and the send can
 *   still let one reminder leave, and the record is then refused.
 */
export function reminderTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new ReminderPass(deps);
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer<ReminderTickReport>({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(30_000, everyMs * 3),
    pass: (context) => pass.work(context),
    idle: () => ({ sent: 0, failures: 0 }),
  });
}

class ReminderPass {
  /** Enrollment id -> the pause before a failed one is tried again. */
  private readonly backoff = new RetryBackoff({ firstMs: 10_000, maxMs: 600_000 });
  /** Messages that can never be sent (a recipient refused for good): logged once, then passed over. */
  private readonly unsendable = new Set<string>();

  constructor(private readonly deps: AppDeps) {}

  async work(context: TimerContext): Promise<ReminderTickReport> {
    const report: ReminderTickReport = { sent: 0, failures: 0 };
    const now = this.deps.clock();
    const hours = this.deps.config.REMINDER_HOURS;
    const windowEnd = new Date(now.getTime() + hours * HOUR_MS);
    const { items } = await this.deps.readStore.find<ReminderDoc>('reminders', {
      where: { confirmed: true, startsOn: daysBetween(now, windowEnd) },
      sort: [{ field: 'startsAt', direction: 'asc' }],
      limit: 500,
    });
    for (const { doc } of items) {
      const startsAt = new Date(doc.startsAt);
      if (startsAt <= now) continue;
      if (startsAt > windowEnd) break;
      // The first session's reminder is skipped for a booking confirmed inside the window (its confirmation said so).
      if (!doc.session && (!doc.confirmedAt || insideReminderWindow({ date: doc.startsAt }, doc.confirmedAt, hours)))
        continue;
      if (this.unsendable.has(doc.enrollmentId)) continue;
      const failed = (err: unknown, failures: number) => {
        report.failures++;
        this.deps.log.warn('reminder failed', { enrollmentId: doc.enrollmentId, failures, err });
      };
      if (await this.backoff.attempt(doc.enrollmentId, () => this.remind(doc, context), failed)) report.sent++;
    }
    return report;
  }

  private async remind(doc: ReminderDoc, context: TimerContext): Promise<boolean> {
    const { enrollmentId } = doc;
    const session = doc.session ?? 1;
    const stream = enrollmentStream(enrollmentId);
    const state = await this.deps.commands.state(enrollmentDecider, stream);
    if (state.status !== 'confirmed') return false;
    if (session === 1 ? state.reminderSent : state.laterReminders.includes(session)) return false;
    // A later session's document outlives a move that dropped it only until the read model catches up.
    if (session > 1 && !itemSessions(state.item)[session - 1]) return false;
    const { orderId } = state.order;
    // The workshop as the enrollment holds it now: a transfer or a move by the school changed it.
    const message = await reminderEmail(
      // Those still coming: a participant who gave up their place is not reminded of it.
      { ...state.submission, item: state.item, attendees: stayingAttendees(state) },
      orderId,
      this.deps.clock(),
      this.deps.config.PUBLIC_URL,
      await bookingUrl(this.deps, enrollmentId),
      await calendarRevision(this.deps, enrollmentId, state),
      session > 1 ? session : undefined,
    );
    // Still the one sending (a pass can outlast the lease's renewal); LeaseLostError ends the pass.
    await context.keepLease();
    try {
      await this.deps.mailer.send(message);
    } catch (err) {
      if (!(err instanceof UnsendableMessageError)) throw err;
      this.unsendable.add(enrollmentId);
      this.deps.log.error('reminder e-mail cannot be sent; passed over', {
        enrollmentId,
        orderId,
        reason: err.message,
      });
      return false;
    }
    try {
      await this.deps.commands.handle(
        enrollmentDecider,
        stream,
        {
          type: 'RecordReminder',
          orderId,
          messageId: message.messageId,
          transport: this.deps.mailer.transport,
          workshopStartsAt: doc.startsAt,
          session,
          at: this.deps.clock().toISOString(),
        },
        this.metadata(enrollmentId),
      );
    } catch (err) {
      // Cancelled between the read and the record: the read model drops it, nothing to retry.
      if (err instanceof AppError && err.code === 'conflict') {
        this.deps.log.warn('reminder sent to an enrollment cancelled meanwhile', { enrollmentId, orderId });
        return true;
      }
      throw err;
    }
    this.deps.log.info('reminder e-mail sent', { enrollmentId, orderId, transport: this.deps.mailer.transport });
    return true;
  }

  private metadata(enrollmentId: string): EventMetadata {
    const id = `reminder-${enrollmentId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
