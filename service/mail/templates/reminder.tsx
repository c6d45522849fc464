import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines, formatShortDate, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LinkLine, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface ReminderProps {
  firstName: string;
  orderId: string;
  item: MailItem;
  attendees: readonly string[];
  /** Whether an .ics is attached. */
  hasCalendar: boolean;
  /** The order confirmation page, when the site's address is known. */
  orderUrl: string | null;
  /** The parent's booking page ("Manage your booking"), once it exists; left out when null. */
  manageUrl: string | null;
  publicUrl: string | null;
  /** A course's later session this reminder is about: "Session 2 of 4, Saturday, August 9" (absent: the first). */
  session?: string | null;
}

const EARLY = 'Please arrive 15 minutes early, so that we can begin on time.';
const calendarNote = 'The attached calendar file adds the workshop to your calendar.';
const cannotCome = `If you can no longer come, please let us know: reply to this e-mail or call ${SCHOOL.phone}.`;

/** The one reminder before a workshop: when, where, what to wear, and to come early. */
export const reminderTemplate = defineTemplate<ReminderProps>({
  subject: (p) =>
    `Reminder: ${toOneLine(p.item.title)}` +
    (p.session ? `, ${p.session}` : p.item.date ? ` on ${formatShortDate(p.item.date)}` : '') +
    ` (${p.orderId})`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `A reminder that ${toOneLine(p.item.title)} is coming up soon. Here is what you need for the day.`,
      ...(p.session ? ['', `Next: ${p.session}.`] : []),
      '',
      ...factLines(itemFacts(p.item, p.attendees)),
      `${'Order:'.padEnd(12)}${p.orderId}`,
      '',
      EARLY,
      ...(p.hasCalendar ? [calendarNote] : []),
      cannotCome,
      ...(p.manageUrl ? ['', `Manage your booking: ${p.manageUrl}`] : []),
      ...(p.orderUrl ? ['', `Your confirmation online: ${p.orderUrl}`] : []),
      '',
      'We look forward to seeing you.',
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.item.title);
    const when = p.session ? `soon: ${p.session}` : p.item.date ? `on ${formatShortDate(p.item.date)}` : 'soon';
    return (
      <Layout
        preview={`${title} ${when}${p.item.time ? `, ${toOneLine(p.item.time)}` : ''}. Please arrive 15 minutes early.`}
        heading="See you soon"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          A reminder that <strong>{title}</strong> is coming up {when}. Here is what you need for the day.
        </P>
        <Facts title={title} facts={[...itemFacts(p.item, p.attendees), ['Order', p.orderId]]} />
        <P strong>{EARLY}</P>
        {p.hasCalendar && <P>{calendarNote}</P>}
        <P>
          If you can no longer come, please let us know: reply to this e-mail or call <Phone />.
        </P>
        {p.manageUrl && <Action href={p.manageUrl}>Manage your booking</Action>}
        {p.orderUrl && <LinkLine href={p.orderUrl}>View your confirmation online</LinkLine>}
        <P>We look forward to seeing you.</P>
        <Signature />
      </Layout>
    );
  },
});
