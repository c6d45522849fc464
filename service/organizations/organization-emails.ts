import { ERASED } from '../../contracts/core/erased.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { groupIdOf, invoiceStream } from '../../contracts/organizations/invoices.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { quoteStream } from '../../contracts/organizations/quotes.js';
import { ORGANIZATION_SUBJECT_PREFIX } from '../../contracts/privacy/organizations.js';
import type { AppDeps } from '../core/deps.js';
import type { MailMessage } from '../mail/port.js';
import { schoolDay } from '../core/school-day.js';
import { invoiceDecider } from './invoice-decider.js';
import { invoicePdf, invoicePdfFileName } from './invoice-pdf.js';
import { invoiceViewOf } from './invoice-view.js';
import { organizationLinksFor, siteUrl } from './links.js';
import { organizationDecider } from './organization-decider.js';
import { quoteDecider } from './quote-decider.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;
export const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
type Deps = Pick<AppDeps, 'commands' | 'config' | 'mailer'>;

/** The organization's contact, none once erased (nothing to write to). */
async function contactOf(deps: Deps, organizationId: string) {
  const organization = await deps.commands.state(organizationDecider, organizationStream(organizationId));
  return organization.status === 'registered' && organization.record.contactEmail !== ERASED
    ? organization.record
    : null;
}

/**
 * The quote e-mailed to the organization's contact when the office sends it: its number, total,
 * validity and the signed link of the version sent. One Message-ID per version sent and event, so
 * a delivery again is the same message.
 */
export async function sendQuoteEmail(deps: Deps, quoteId: string, version: number, key: string): Promise<void> {
  const links = organizationLinksFor(deps.config);
  const quote = await deps.commands.state(quoteDecider, quoteStream(quoteId));
  if (!links || quote.status === 'none' || quote.version !== version) return;
  const contact = await contactOf(deps, quote.organizationId);
  if (!contact) return;
  const url = siteUrl(deps.config, `/quote/${links.quote.token(quoteId, version)}`);
  const text = [
    `Dear ${contact.contactName},`,
    '',
    `Here is our quote ${quote.number}${version > 1 ? ` (revised, version ${version})` : ''} for ${contact.name}: ` +
      `${dollars(quote.terms.totalCents)}, payable within ${quote.terms.paymentTermsDays} days of the invoice.`,
    `It is valid until ${quote.terms.validUntil}. You can read it and accept it, with your PO number if you have one, here:`,
    url,
    '',
    `${SCHOOL.name}`,
  ].join('\n');
  await deps.mailer.send(
    organizationMessage(contact.contactEmail, `Your quote ${quote.number}`, text, key, quote.organizationId),
  );
}

/**
 * The invoice e-mailed to the contact once issued: its number, total and due date, the link of
 * its page (/invoice/<token>) and, for each workshop line, the coordinator's link to name the
 * attendees (/group/<token>); the invoice's PDF attached, the same document its page serves
 * (GET /api/invoices/:token/invoice.pdf), dated its issue.
 */
export async function sendInvoiceEmail(deps: Deps, invoiceId: string, key: string): Promise<void> {
  const links = organizationLinksFor(deps.config);
  const state = await deps.commands.state(invoiceDecider, invoiceStream(invoiceId));
  if (!links || state.status === 'none') return;
  const { invoice } = state;
  const contact = await contactOf(deps, invoice.organizationId);
  if (!contact) return;
  const invoiceToken = links.invoice.token(invoiceId);
  const groups = invoice.lines.flatMap((line, i) =>
    line.kind === 'workshop'
      ? [
          `- ${line.title} (${line.seats} seats): ${siteUrl(deps.config, `/group/${links.group.token(groupIdOf(invoiceId, i))}`)}`,
        ]
      : [],
  );
  const text = [
    `Dear ${contact.contactName},`,
    '',
    `Thank you for accepting quote ${invoice.quoteNumber}. Invoice ${invoice.number} for ${dollars(invoice.totalCents)} ` +
      `is due on ${schoolDay(new Date(invoice.dueAt))}${invoice.poNumber ? ` (PO ${invoice.poNumber})` : ''}.`,
    'Read it, download it as a PDF or pay it by card here:',
    siteUrl(deps.config, `/invoice/${invoiceToken}`),
    ...(groups.length
      ? ['', 'Your seats are held until the due date. Name your attendees (and change them) here:', ...groups]
      : []),
    '',
    `${SCHOOL.name}`,
  ].join('\n');
  const issuedAt = new Date(invoice.issuedAt);
  const pdf = await invoicePdf(invoiceViewOf(state, deps.config, invoiceToken, issuedAt), issuedAt);
  await deps.mailer.send({
    ...organizationMessage(contact.contactEmail, `Invoice ${invoice.number}`, text, key, invoice.organizationId),
    attachments: [
      {
        filename: invoicePdfFileName(invoice.number),
        content: Buffer.from(pdf).toString('base64'),
        contentType: 'application/pdf',
        encoding: 'base64',
      },
    ],
  });
}

/** A message to an organization's contact, tagged with its subject (erasure finds it in the outbox). */
export const organizationMessage = (
  to: string,
  subject: string,
  text: string,
  key: string,
  organizationId: string,
): MailMessage => ({
  to,
  subject,
  text,
  messageId: `<${key.replace(/[^A-Za-z0-9.-]/g, '-')}@${DOMAIN}>`,
  attachments: [],
  about: [`${ORGANIZATION_SUBJECT_PREFIX}${organizationId}`],
});
