import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd, type PriceLine } from '../../../contracts/enrollment/money.js';
import { baseUrl, formatLongDate, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Amounts, Facts, LinkLine, Notice, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface ConfirmationProps {
  firstName: string;
  orderId: string;
  orderReference: string;
  isFree: boolean;
  /** What was received, in cents (0 when free). */
  amountCents: number;
  paymentMethod: string;
  item: MailItem;
  attendees: readonly string[];
  /** The plain-text receipt (also attached), ending the text part. */
  receipt: string;
  /** Whether an .ics is attached. */
  hasCalendar: boolean;
  /** The order confirmation page, when the site's address is known. */
  orderUrl: string | null;
  /** The parent's booking page ("Manage your booking"), once it exists; left out when null. */
  manageUrl: string | null;
  /** Set (to REMINDER_HOURS) when the workshop is closer than that: no reminder will follow. */
  noReminderWithinHours: number | null;
  publicUrl: string | null;
  /** The price breakdown's lines (seats, discounts, gift card, credit), its total and what is left to pay later. */
  lines: readonly PriceLine[];
  totalCents: number;
  balanceCents: number;
  balanceDueAt: string | null;
}

const signed = (cents: number) => (cents < 0 ? `-${formatUsd(-cents)}` : formatUsd(cents));
/** What came in at the sale: the total, less what is left to pay later. */
const received = (p: ConfirmationProps) => formatUsd(p.totalCents - p.balanceCents);
const balanceNote = (p: ConfirmationProps) =>
  `A balance of ${formatUsd(p.balanceCents)} is due${p.balanceDueAt ? ` by ${formatLongDate(p.balanceDueAt)}` : ''}. Pay it from your booking page ("Pay the balance"); we will remind you a week before and on the day.`;
const amountRows = (p: ConfirmationProps) => {
  const seats = p.lines.filter((l) => l.kind !== 'gift-card' && l.kind !== 'credit');
  const paidBy = p.lines.filter((l) => l.kind === 'gift-card' || l.kind === 'credit');
  return [
    ...seats.map((l) => ({ label: toOneLine(l.label), amount: signed(l.amountCents) })),
    { label: 'Total', amount: formatUsd(p.totalCents), total: true },
    ...paidBy.map((l) => ({ label: toOneLine(l.label), amount: signed(l.amountCents) })),
    ...(p.balanceCents > 0 ? [{ label: 'Balance due later', amount: formatUsd(p.balanceCents) }] : []),
  ];
};

const onlyMessage = (hours: number) =>
  `Your workshop is less than ${hours} hours away, so this is the only e-mail you will get before it.`;
const calendarNote = 'The attached calendar file adds the workshop to your calendar.';

export const confirmationTemplate = defineTemplate<ConfirmationProps>({
  subject: (p) => `Your enrollment is confirmed: ${toOneLine(p.item.title)} (${p.orderId})`,

  text(p) {
    // Stored text may predate the API's refusal of line breaks: each value stays on its own line.
    const title = toOneLine(p.item.title);
    const attire = toOneLine(p.item.attire);
    const intro = [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `Thank you for enrolling in ${title}. Your order ${p.orderId} (reference ${p.orderReference}) is confirmed` +
        (p.isFree ? '.' : `; we received ${received(p)}.`),
      ...(p.balanceCents > 0 ? [balanceNote(p)] : []),
      ...(p.isFree ? [] : ['', ...amountRows(p).map((r) => `  ${`${r.label}:`.padEnd(46)}${r.amount}`)]),
      ...(attire ? [`Attire: ${attire}.`] : []),
      'Please arrive 15 minutes early.' + (p.hasCalendar ? ` ${calendarNote}` : ''),
      ...(p.noReminderWithinHours !== null ? [onlyMessage(p.noReminderWithinHours)] : []),
      ...(p.manageUrl ? ['', `Manage your booking: ${p.manageUrl}`] : []),
      ...(p.orderUrl ? ['', `Your confirmation online: ${p.orderUrl}`] : []),
      '',
      `Warm regards,`,
      SCHOOL.fullName,
    ].join('\n');
    return `${intro}\n\n${p.receipt}`;
  },

  html(p) {
    const title = toOneLine(p.item.title);
    const order: [string, string][] = [
      ['Order', p.orderId],
      ['Reference', p.orderReference],
      ['Payment', p.isFree ? 'Free enrollment' : `${received(p)}, ${toOneLine(p.paymentMethod)}`],
    ];
    return (
      <Layout
        preview={`Order ${p.orderId} is confirmed: ${title}. Please arrive 15 minutes early.`}
        heading="Your enrollment is confirmed"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          Thank you for enrolling in <strong>{title}</strong>.{' '}
          {p.isFree ? 'Your place is confirmed.' : `Your place is confirmed and we received ${received(p)}.`}
        </P>
        {p.balanceCents > 0 && <Notice>{balanceNote(p)}</Notice>}
        <Facts title={title} facts={itemFacts(p.item, p.attendees)} />
        <P strong>Please arrive 15 minutes early.</P>
        {p.hasCalendar && <P>{calendarNote} The receipt is attached as well.</P>}
        {p.noReminderWithinHours !== null && <Notice>{onlyMessage(p.noReminderWithinHours)}</Notice>}
        <Facts title="Your order" facts={order} />
        {!p.isFree && <Amounts rows={amountRows(p)} />}
        {p.manageUrl && <Action href={p.manageUrl}>Manage your booking</Action>}
        {p.orderUrl && <LinkLine href={p.orderUrl}>View your confirmation online</LinkLine>}
        <P>
          Questions? Reply to this e-mail or call us at <Phone />. We look forward to seeing you.
        </P>
        <Signature />
      </Layout>
    );
  },
});
