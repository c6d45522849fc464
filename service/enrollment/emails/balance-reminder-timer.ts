import type { EventMetadata } from '../../../contracts/core/events.js';
import { SCHOOL } from '../../../contracts/core/school.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentRowDoc } from '../../../projections/admin/enrollments.js';
import { defineTimer, type TimerContext } from '../../../platform/processor/timer.js';
import { DueSends, type DueSendOutcome } from '../../../platform/processor/due-sends.js';
import type { AppDeps } from '../../core/deps.js';
import { reminderDue, type DueReminderKind } from '../../core/due-reminder.js';
import { schoolDay } from '../../core/school-day.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { renderEmail } from '../../mail/templates/index.js';
import { bookingUrl } from '../after-sale/booking-link.js';
import { balanceDueCents, enrollmentDecider } from '../decider/enrollment-decider.js';
import { pricingOfState } from '../decider/enrollment-state.js';

const LEASE = 'balance-reminders';
const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One reminder, one Message-ID: a send again after a crash is the same message (one outbox file). */
export const balanceReminderMessageId = (enrollmentId: string, kind: string) =>
  `<balance-${kind}-${enrollmentId}@${DOMAIN}>`;

type Kind = DueReminderKind;

/**
 * The two reminders of a deposit booking's balance, on a clock under their own lease: a week
 * before it is due and on the due date (the school's calendar), each once. It reads the tracker
 * rows with a balance open (by due date), re-reads the enrollment (still owing, that reminder not
 * recorded), sends, then records BalanceReminderSent, which the decider takes once per kind. A
 * booking made inside the last week before its due date gets no "week before" (its confirmation
 * said when the balance is due); one whose due date has come gets the one of the day only.
 */
export function balanceReminderTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new BalanceReminderPass(deps);
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(30_000, everyMs * 3),
    pass: (context) => pass.work(context),
    idle: () => ({ sent: 0, failures: 0 }),
  });
}

class BalanceReminderPass {
  private readonly sends: DueSends;

  constructor(private readonly deps: AppDeps) {
    this.sends = new DueSends(deps.log, 'balance reminder');
  }

  async work(context: TimerContext) {
    const today = schoolDay(this.deps.clock());
    const { items } = await this.deps.readStore.find<EnrollmentRowDoc>('enrollments', {
      where: { balanceOpen: true },
      sort: [{ field: 'balanceDueAt', direction: 'asc' }],
      limit: 500,
    });
    const due = items.flatMap(({ doc }) => {
      const kind = doc.balanceDueAt ? reminderDue(today, doc.balanceDueAt, doc.balanceReminders ?? []) : null;
      return kind ? [{ enrollmentId: doc.id, kind }] : [];
    });
    return this.sends.each(
      context,
      due,
      ({ enrollmentId, kind }) => `${enrollmentId}:${kind}`,
      ({ enrollmentId, kind }) => this.remind(enrollmentId, kind),
    );
  }

  private async remind(enrollmentId: string, kind: Kind): Promise<DueSendOutcome> {
    const stream = enrollmentStream(enrollmentId);
    const state = await this.deps.commands.state(enrollmentDecider, stream);
    const balanceCents = balanceDueCents(state);
    const dueAt = pricingOfState(state)?.balanceDueAt;
    if (state.status !== 'confirmed' || balanceCents === 0 || !dueAt || state.balanceReminders.includes(kind))
      return 'not-due';
    if (
      kind === 'week-before' &&
      Date.parse(state.order.confirmation.confirmedAt) > Date.parse(dueAt) - 7 * 86_400_000
    ) {
      return 'pass-over';
    }
    const rendered = await renderEmail('balance-reminder', {
      firstName: state.submission.form.firstName,
      orderId: state.order.orderId,
      item: state.item,
      balanceCents,
      dueAt,
      kind,
      manageUrl: await bookingUrl(this.deps, enrollmentId),
      publicUrl: this.deps.config.PUBLIC_URL ?? null,
    });
    const messageId = balanceReminderMessageId(enrollmentId, kind);
    try {
      await this.deps.mailer.send({ to: state.submission.form.email, ...rendered, messageId, attachments: [] });
    } catch (err) {
      if (!(err instanceof UnsendableMessageError)) throw err;
      this.deps.log.error('balance reminder cannot be sent; passed over', { enrollmentId, reason: err.message });
      return 'pass-over';
    }
    await this.deps.commands.handle(
      enrollmentDecider,
      stream,
      {
        type: 'RecordBalanceReminder',
        kind,
        balanceCents,
        dueAt,
        messageId,
        transport: this.deps.mailer.transport,
        at: this.deps.clock().toISOString(),
      },
      this.metadata(enrollmentId),
    );
    this.deps.log.info('balance reminder sent', { enrollmentId, kind });
    return 'sent';
  }

  private metadata(enrollmentId: string): EventMetadata {
    const id = `balance-reminder-${enrollmentId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
