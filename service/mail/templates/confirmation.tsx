import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LinkLine, Notice, P, Phone, Signature } from './parts.js';
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
}

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
        (p.isFree ? '.' : `; we received ${formatUsd(p.amountCents)}.`),
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
      ['Payment', p.isFree ? 'Free enrollment' : `${formatUsd(p.amountCents)}, ${toOneLine(p.paymentMethod)}`],
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
          {p.isFree
            ? 'Your place is confirmed.'
            : `Your place is confirmed and we received ${formatUsd(p.amountCents)}.`}
        </P>
        <Facts title={title} facts={itemFacts(p.item, p.attendees)} />
        <P strong>Please arrive 15 minutes early.</P>
        {p.hasCalendar && <P>{calendarNote} The receipt is attached as well.</P>}
        {p.noReminderWithinHours !== null && <Notice>{onlyMessage(p.noReminderWithinHours)}</Notice>}
        <Facts title="Your order" facts={order} />
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
