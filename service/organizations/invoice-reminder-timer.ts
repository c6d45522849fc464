import type { EventMetadata } from '../../contracts/core/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { invoiceStream } from '../../contracts/organizations/invoices.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { INVOICES, type InvoiceDoc } from '../../projections/organizations/invoices.js';
import { defineTimer, type TimerContext } from '../../platform/processor/timer.js';
import { LeaseLostError } from '../../platform/readstore/port.js';
import type { AppDeps } from '../core/deps.js';
import { addDays, schoolDay } from '../core/school-day.js';
import { UnsendableMessageError } from '../mail/port.js';
import { balanceDueOf, invoiceDecider, type IssuedState } from './invoice-decider.js';
import { organizationLinksFor, siteUrl } from './links.js';
import { organizationDecider } from './organization-decider.js';
import { dollars, organizationMessage } from './organization-emails.js';

const LEASE = 'invoice-reminders';
const DOMAIN = SCHOOL.email.split('@')[1]!;
type Kind = 'week-before' | 'due-date';

/** One reminder, one Message-ID: a send again after a crash is the same message. */
export const invoiceReminderMessageId = (invoiceId: string, kind: Kind) => `<invoice-${kind}-${invoiceId}@${DOMAIN}>`;

/** Which reminder an invoice is owed today (the school's calendar): the one of the due date first, else the week before's. */
export function invoiceReminderDue(today: string, dueAt: string, sent: readonly string[]): Kind | null {
  const dueDay = schoolDay(new Date(dueAt));
  if (today >= dueDay) return sent.includes('due-date') ? null : 'due-date';
  if (today >= addDays(dueDay, -7) && !sent.includes('week-before')) return 'week-before';
  return null;
}

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
  /** Reminders recorded or never to be sent: not read again by this process. */
  private readonly done = new Set<string>();

  constructor(private readonly deps: AppDeps) {}

  async work(context: TimerContext) {
    const report = { sent: 0, failures: 0 };
    const now = this.deps.clock();
    const today = schoolDay(now);
    const { items } = await this.deps.readStore.find<InvoiceDoc>(INVOICES, {
      where: { status: 'open' },
      sort: [{ field: 'dueAt', direction: 'asc' }],
      limit: 500,
    });
    for (const { doc } of items) {
      if (Date.parse(doc.dueAt) > now.getTime() + 8 * 86_400_000) break;
      const kind = invoiceReminderDue(today, doc.dueAt, []);
      if (!kind || this.done.has(`${doc.id}:${kind}`)) continue;
      try {
        await context.keepLease();
        if (await this.remind(doc.id, today)) report.sent++;
      } catch (err) {
        if (err instanceof LeaseLostError) throw err;
        report.failures++;
        this.deps.log.warn('invoice reminder failed; tried again at the next pass', { invoiceId: doc.id, err });
      }
    }
    return report;
  }

  private async remind(invoiceId: string, today: string): Promise<boolean> {
    const state = await this.deps.commands.state(invoiceDecider, invoiceStream(invoiceId));
    if (state.status !== 'open') return false;
    const kind = invoiceReminderDue(today, state.invoice.dueAt, state.reminders);
    if (!kind) {
      this.done.add(`${invoiceId}:${invoiceReminderDue(today, state.invoice.dueAt, [])}`);
      return false;
    }
    const issuedLate = Date.parse(state.invoice.issuedAt) > Date.parse(state.invoice.dueAt) - 7 * 86_400_000;
    if (kind === 'week-before' && issuedLate) {
      this.done.add(`${invoiceId}:${kind}`);
      return false;
    }
    const messageId = invoiceReminderMessageId(invoiceId, kind);
    try {
      if (!(await this.send(state, kind, messageId))) {
        this.done.add(`${invoiceId}:${kind}`);
        return false;
      }
    } catch (err) {
      if (!(err instanceof UnsendableMessageError)) throw err;
      this.done.add(`${invoiceId}:${kind}`);
      this.deps.log.error('invoice reminder cannot be sent; passed over', { invoiceId, reason: err.message });
      return false;
    }
    const at = this.deps.clock().toISOString();
    await this.deps.commands.handle(
      invoiceDecider,
      invoiceStream(invoiceId),
      { type: 'RecordInvoiceReminder', kind, messageId, at },
      this.metadata(invoiceId),
    );
    this.done.add(`${invoiceId}:${kind}`);
    this.deps.log.info('invoice reminder sent', { invoiceId, kind });
    return true;
  }

  /** The reminder to the contact (false when there is none to write to: an erased contact). */
  private async send(state: IssuedState, kind: Kind, messageId: string): Promise<boolean> {
    const links = organizationLinksFor(this.deps.config);
    const { invoice } = state;
    const organization = await this.deps.commands.state(
      organizationDecider,
      organizationStream(invoice.organizationId),
    );
    if (!links || organization.status !== 'registered' || !organization.record.contactEmail) return false;
    const owed = dollars(balanceDueOf(state));
    const dueDay = schoolDay(new Date(invoice.dueAt));
    const today = schoolDay(this.deps.clock());
    const when =
      kind === 'week-before' ? `is due on ${dueDay}` : today > dueDay ? `was due on ${dueDay}` : 'is due today';
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
