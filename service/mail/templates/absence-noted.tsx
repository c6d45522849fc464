import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines, formatLongDate } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface AbsenceNotedProps {
  firstName: string;
  orderId: string;
  title: string;
  /** The session missed, in words: "Session 3 of 4, Saturday, August 16". */
  session: string;
  sessionNumber: number;
  /** The child who will miss it. */
  child: string;
  /** Until when the make-up credit may be booked (ISO instant). */
  creditUntil: string;
  /** The updated calendar is attached. */
  hasCalendar: boolean;
  /** The parent's booking page, where the credit is booked (null without a link secret). */
  manageUrl: string | null;
  publicUrl: string | null;
}

const facts = (p: AbsenceNotedProps): [string, string][] => [
  ['Class', toOneLine(p.title)],
  ['Missed', toOneLine(p.session)],
  ['Child', toOneLine(p.child)],
  ['Order', p.orderId],
];

const credit = (p: AbsenceNotedProps) =>
  `${toOneLine(p.child)} has a make-up credit for it: book another session of the program before ${formatLongDate(p.creditUntil)} on your booking page.`;
const CALENDAR =
  'The calendar file attached updates the entries your calendar has: the session missed is taken out, the others stay.';

/** To the family, once per absence reported: what is noted, the credit it gives, and the calendar as it now stands. */
export const absenceNotedTemplate = defineTemplate<AbsenceNotedProps>({
  subject: (p) => `Absence noted for session ${p.sessionNumber}: ${toOneLine(p.title)} (${p.orderId})`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `We have noted that ${toOneLine(p.child)} will miss ${toOneLine(p.session)} of ${toOneLine(p.title)}.`,
      '',
      ...factLines(facts(p)),
      '',
      credit(p),
      ...(p.manageUrl ? [`Your booking: ${p.manageUrl}`] : []),
      '',
      ...(p.hasCalendar ? [CALENDAR, ''] : []),
      `If you have a question, reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout
        preview={`${toOneLine(p.child)} will miss ${toOneLine(p.session)}.`}
        heading="Absence noted"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          We have noted that {toOneLine(p.child)} will miss {toOneLine(p.session)} of {toOneLine(p.title)}.
        </P>
        <Facts facts={facts(p)} />
        <P>{credit(p)}</P>
        {p.manageUrl && <Action href={p.manageUrl}>Book a make-up</Action>}
        {p.hasCalendar && <P>{CALENDAR}</P>}
        <P>
          If you have a question, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
