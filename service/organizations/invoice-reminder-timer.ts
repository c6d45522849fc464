import { ERASED } from '../../contracts/core/erased.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { invoiceStream } from '../../contracts/organizations/invoices.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { INVOICES, type InvoiceDoc } from '../../projections/organizations/invoices.js';
import { defineTimer, type TimerContext } from '../../platform/processor/timer.js';
import { DueSends, type DueSendOutcome } from '../../platform/processor/due-sends.js';
import type { AppDeps } from '../core/deps.js';
import { reminderDue, type DueReminderKind } from '../core/due-reminder.js';
import { schoolDay } from '../core/school-day.js';
import { receiptDate } from '../../contracts/enrollment/receipt.js';
import { UnsendableMessageError } from '../mail/port.js';
import { balanceDueOf, invoiceDecider, type IssuedState } from './invoice-decider.js';
import { organizationLinksFor, siteUrl } from './links.js';
import { organizationDecider } from './organization-decider.js';
import { dollars, organizationMessage } from './organization-emails.js';

const LEASE = 'invoice-reminders';
const DOMAIN = SCHOOL.email.split('@')[1]!;
type Kind = DueReminderKind;

/** One reminder, one Message-ID: a send again after a crash is the same message. */
export const invoiceReminderMessageId = (invoiceId: string, kind: Kind) => `<invoice-${kind}-${invoiceId}@${DOMAIN}>`;

/**
 * An invoice's two reminders to the organization's contact, 7 days before and on the due date (the
 * school's calendar), each once, on a clock under its own lease (one runner at a time; a pass
 * killed midway is the next holder's to finish). It reads the open invoices due within a week (by
 * due date), re-reads each (still owing, that reminder not recorded), sends, then records
 * InvoiceReminderSent, which the decider takes once per kind. An invoice issued inside the last
 * week before it is due gets no "week before" (its own e-mail said when it is due).
 */
export function invoiceReminderTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new InvoiceReminderPass(deps);
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(30_000, everyMs * 3),
    pass: (context) => pass.work(context),
    idle: () => ({ sent: 0, failures: 0 }),
  });
}

class InvoiceReminderPass {
  private readonly sends: DueSends;

  constructor(private readonly deps: AppDeps) {
    this.sends = new DueSends(deps.log, 'invoice reminder');
  }

  async work(context: TimerContext) {
    const now = this.deps.clock();
    const today = schoolDay(now);
    const { items } = await this.deps.readStore.find<InvoiceDoc>(INVOICES, {
      where: { status: 'open' },
      sort: [{ field: 'dueAt', direction: 'asc' }],
      limit: 500,
    });
    const due = items.flatMap(({ doc }) => {
      if (Date.parse(doc.dueAt) > now.getTime() + 8 * 86_400_000) return [];
      const kind = reminderDue(today, doc.dueAt, []);
      return kind ? [{ invoiceId: doc.id, kind }] : [];
    });
    return this.sends.each(
      context,
      due,
      ({ invoiceId, kind }) => `${invoiceId}:${kind}`,
      ({ invoiceId }) => this.remind(invoiceId, today),
    );
  }

  private async remind(invoiceId: string, today: string): Promise<DueSendOutcome> {
    const state = await this.deps.commands.state(invoiceDecider, invoiceStream(invoiceId));
    if (state.status !== 'open') return 'pass-over';
    const kind = reminderDue(today, state.invoice.dueAt, state.reminders);
    // Recorded already (by this runner or another): nothing more of this kind.
    if (!kind) return 'pass-over';
    const issuedLate = Date.parse(state.invoice.issuedAt) > Date.parse(state.invoice.dueAt) - 7 * 86_400_000;
    if (kind === 'week-before' && issuedLate) return 'pass-over';
    const messageId = invoiceReminderMessageId(invoiceId, kind);
    try {
      if (!(await this.send(state, kind, messageId))) return 'pass-over';
    } catch (err) {
      if (!(err instanceof UnsendableMessageError)) throw err;
      this.deps.log.error('invoice reminder cannot be sent; passed over', { invoiceId, reason: err.message });
      return 'pass-over';
    }
    const at = this.deps.clock().toISOString();
    await this.deps.commands.handle(
      invoiceDecider,
      invoiceStream(invoiceId),
      { type: 'RecordInvoiceReminder', kind, messageId, at },
      this.metadata(invoiceId),
    );
    this.deps.log.info('invoice reminder sent', { invoiceId, kind });
    return 'sent';
  }

  /** The reminder to the contact (false when there is none to write to: an erased contact). */
  private async send(state: IssuedState, kind: Kind, messageId: string): Promise<boolean> {
    const links = organizationLinksFor(this.deps.config);
    const { invoice } = state;
    const organization = await this.deps.commands.state(
      organizationDecider,
      organizationStream(invoice.organizationId),
    );
    if (!links || organization.status !== 'registered') return false;
    if (!organization.record.contactEmail || organization.record.contactEmail === ERASED) return false;
    const owed = dollars(balanceDueOf(state));
    const dueDay = schoolDay(new Date(invoice.dueAt));
    const today = schoolDay(this.deps.clock());
    // Written as people write dates ("Tuesday, December 1, 2026"), not as the calendar's key.
    const on = receiptDate(invoice.dueAt);
    const when = kind === 'week-before' ? `is due on ${on}` : today > dueDay ? `was due on ${on}` : 'is due today';
    const text = [
      `Dear ${organization.record.contactName},`,
      '',
      `A reminder: invoice ${invoice.number} for ${organization.record.name}${invoice.poNumber ? ` (PO ${invoice.poNumber})` : ''} ${when}. ` +
        `${owed} is still owed.`,
      'Read it, download it as a PDF or pay it by card here:',
      siteUrl(this.deps.config, `/invoice/${links.invoice.token(invoice.invoiceId)}`),
      '',
      'If you have sent a check or a transfer already, thank you: please let us know its reference.',
      '',
      `${SCHOOL.name}`,
    ].join('\n');
    const subject = `Invoice ${invoice.number} ${when}`;
    const message = organizationMessage(organization.record.contactEmail, subject, text, '', invoice.organizationId);
    await this.deps.mailer.send({ ...message, messageId });
    return true;
  }

  private metadata(invoiceId: string): EventMetadata {
    const id = `invoice-reminder-${invoiceId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
