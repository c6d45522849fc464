import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import type { RescheduledField } from '../../../contracts/enrollment/events.js';
import { baseUrl, factLines, formatLongDate, formatStamp, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, Notice, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface RescheduledProps {
  firstName: string;
  orderId: string;
  /** The class as it was booked before this change, and as it is now. */
  from: MailItem;
  to: MailItem;
  /** What the school changed. */
  changed: readonly RescheduledField[];
  attendees: readonly string[];
  /** Whether the updated .ics (same UID, higher SEQUENCE) is attached. */
  hasCalendar: boolean;
  /** Cancelling refunds in full until then (the later of the booked date's deadline and the new date's), or null. */
  fullRefundUntil: string | null;
  /** A free booking cancels at no cost until the class begins. */
  isFree: boolean;
  /** The parent's booking page ("Manage your booking"); left out when null. */
  manageUrl: string | null;
  publicUrl: string | null;
}

const WORDS = { date: 'date', time: 'time', location: 'place' } as const;

/** "date", "date and time", "date, time and place". */
function whatChanged(changed: RescheduledProps['changed']): string {
  const words = changed.map((c) => WORDS[c]);
  return words.length <= 1 ? (words[0] ?? 'date') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The one word of the subject and heading: the date when it moved, else the time, else the place. */
const headline = (changed: RescheduledProps['changed']) =>
  changed.includes('date') ? 'date' : changed.includes('time') ? 'time' : 'place';

/** What the class was before: the date and time, and the place when that changed. */
function before(p: RescheduledProps): string {
  const when = [p.from.date ? formatLongDate(p.from.date) : '', toOneLine(p.from.time)].filter(Boolean).join(', ');
  return p.changed.includes('location') ? `${when}${when ? ', at ' : ''}${toOneLine(p.from.location)}` : when;
}

const calendarNote = 'The attached calendar file moves the class in your calendar.';
const EARLY = 'Please arrive 15 minutes early.';

/** What the parent may do if the change does not suit them, or null when only a call can help now. */
function choice(p: RescheduledProps): string | null {
  const unsuited = `If the new ${whatChanged(p.changed)} ${p.changed.length > 1 ? 'do' : 'does'} not suit you`;
  if (p.isFree) return `${unsuited}, you can cancel from your booking page at no cost until the class begins.`;
  if (p.fullRefundUntil)
    return `${unsuited}, you can cancel from your booking page with a full refund until ${formatStamp(p.fullRefundUntil)}, Central Time. Because we moved the class, you keep the longer of the refund periods of the date you booked and the new date.`;
  return null;
}

/** The school moved a booked class (date, time or place): the new details and the calendar update. */
export const rescheduledTemplate = defineTemplate<RescheduledProps>({
  subject: (p) =>
    `New ${headline(p.changed)} for ${toOneLine(p.to.title)}` +
    (p.to.date ? `: ${formatLongDate(p.to.date)}` : '') +
    ` (${p.orderId})`,

  text(p) {
    const title = toOneLine(p.to.title);
    const next = choice(p);
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `We have had to change the ${whatChanged(p.changed)} of ${title}. Your booking (order ${p.orderId}) moves with it: your place is kept, and nothing is needed from you.`,
      '',
      `${'Before:'.padEnd(12)}${before(p)}`,
      '',
      'Now:',
      ...factLines(itemFacts(p.to, p.attendees)),
      '',
      EARLY,
      ...(p.hasCalendar ? [calendarNote] : []),
      ...(next ? [next] : []),
      ...(p.manageUrl ? ['', `Manage your booking: ${p.manageUrl}`] : []),
      '',
      `We are sorry for the change. If you have a question, reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.to.title);
    const next = choice(p);
    return (
      <Layout
        preview={`${title}${p.to.date ? ` is now on ${formatLongDate(p.to.date)}` : ' has changed'}. Your place is kept.`}
        heading={`A new ${headline(p.changed)} for your class`}
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          We have had to change the {whatChanged(p.changed)} of {title}. Your booking (order {p.orderId}) moves with it:
          your place is kept, and nothing is needed from you.
        </P>
        <Facts facts={[['Before', before(p)]]} />
        <Facts title={`${title}, now`} facts={itemFacts(p.to, p.attendees)} />
        <P strong>{EARLY}</P>
        {p.hasCalendar && <P>{calendarNote}</P>}
        {next && <Notice>{next}</Notice>}
        {p.manageUrl && <Action href={p.manageUrl}>Manage your booking</Action>}
        <P>
          We are sorry for the change. If you have a question, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
