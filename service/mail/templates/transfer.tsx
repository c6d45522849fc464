import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import {
  refundDestinations,
  refundTiming,
  refundTotal,
  type RefundPart,
} from '../../../contracts/enrollment/refund-words.js';
import { baseUrl, factLines, formatLongDate, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface TransferProps {
  firstName: string;
  orderId: string;
  /** The session the enrollment left. */
  from: MailItem;
  /** The session it moved to. */
  to: MailItem;
  attendees: readonly string[];
  /** The price difference refunded when the new session is cheaper, in cents (0: none). */
  refundCents: number;
  /** Where that refund goes, as recorded (absent: the card, as before issue 37). */
  refunds?: RefundPart[];
  /** Whether a new .ics for the new session is attached. */
  hasCalendar: boolean;
  /** The parent's booking page ("Manage your booking"), once it exists; left out when null. */
  manageUrl: string | null;
  publicUrl: string | null;
}

const leftSession = (item: MailItem) =>
  `${toOneLine(item.title)}${item.date ? ` on ${formatLongDate(item.date)}` : ''}`;
function refundNote(cents: number, refunds: RefundPart[] | undefined): string {
  if (!refunds?.length)
    return `The new session costs less, so we are refunding the difference of ${formatUsd(cents)} to the card you paid with. Refunds usually appear within 5 to 10 business days.`;
  return `The new session costs less, so we are refunding the difference of ${formatUsd(refundTotal(refunds))}${refundDestinations(refunds)}. ${refundTiming(refunds)}`;
}
// The sender's .ics keeps the confirmation's UID with a higher SEQUENCE: calendars move the event.
const calendarNote = 'The attached calendar file replaces the old date in your calendar.';
const carriesOver = 'Your payment carries over; nothing more is due.';
const moneyNote = (p: TransferProps) => (p.refundCents > 0 ? refundNote(p.refundCents, p.refunds) : carriesOver);

/** An enrollment moved to another session: the new date, place and attire, and a new calendar file. */
export const transferTemplate = defineTemplate<TransferProps>({
  subject: (p) =>
    `Your enrollment has moved: ${toOneLine(p.to.title)}` +
    (p.to.date ? ` on ${formatLongDate(p.to.date)}` : '') +
    ` (${p.orderId})`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `Your enrollment (order ${p.orderId}) has moved from ${leftSession(p.from)} to this session:`,
      '',
      ...factLines(itemFacts(p.to, p.attendees)),
      '',
      'Please arrive 15 minutes early.',
      ...(p.hasCalendar ? [calendarNote] : []),
      moneyNote(p),
      ...(p.manageUrl ? ['', `Manage your booking: ${p.manageUrl}`] : []),
      '',
      `If this does not suit you, reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.to.title);
    return (
      <Layout
        preview={`Your new session: ${title}${p.to.date ? `, ${formatLongDate(p.to.date)}` : ''}.`}
        heading="Your enrollment has moved"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          Your enrollment (order {p.orderId}) has moved from {leftSession(p.from)} to this session:
        </P>
        <Facts title={title} facts={itemFacts(p.to, p.attendees)} />
        <P strong>Please arrive 15 minutes early.</P>
        {p.hasCalendar && <P>{calendarNote}</P>}
        <P>{moneyNote(p)}</P>
        {p.manageUrl && <Action href={p.manageUrl}>Manage your booking</Action>}
        <P>
          If this does not suit you, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
