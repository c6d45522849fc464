import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface MakeupChangedProps {
  firstName: string;
  orderId: string;
  /** Booked: the child has a seat in that session; cancelled: that seat is given up. */
  change: 'booked' | 'cancelled';
  /** The class of the make-up session. */
  title: string;
  /** The session, in words: "Session 2 of 4, Tuesday, August 12". */
  session: string;
  child: string;
  /** The calendar file is attached. */
  hasCalendar: boolean;
  manageUrl: string | null;
  publicUrl: string | null;
}

const facts = (p: MakeupChangedProps): [string, string][] => [
  ['Make-up class', toOneLine(p.title)],
  ['Session', toOneLine(p.session)],
  ['Child', toOneLine(p.child)],
  ['Order', p.orderId],
];

const news = (p: MakeupChangedProps) =>
  p.change === 'booked'
    ? `${toOneLine(p.child)} has a make-up seat in ${toOneLine(p.session)} of ${toOneLine(p.title)}.`
    : `The make-up for ${toOneLine(p.child)} in ${toOneLine(p.session)} of ${toOneLine(p.title)} is cancelled. The make-up credit can be booked again on your booking page.`;

const calendar = (p: MakeupChangedProps) =>
  p.change === 'booked'
    ? 'The calendar file attached adds the make-up session to your calendar.'
    : 'The calendar file attached takes the make-up session out of your calendar.';

/** To the family, once per make-up seat taken or given up: what changed, and the calendar entry for it. */
export const makeupChangedTemplate = defineTemplate<MakeupChangedProps>({
  subject: (p) =>
    `${p.change === 'booked' ? 'Make-up booked' : 'Make-up cancelled'}: ${toOneLine(p.title)} (${p.orderId})`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      news(p),
      '',
      ...factLines(facts(p)),
      '',
      ...(p.manageUrl ? [`Your booking: ${p.manageUrl}`, ''] : []),
      ...(p.hasCalendar ? [calendar(p), ''] : []),
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
        preview={news(p)}
        heading={p.change === 'booked' ? 'Make-up booked' : 'Make-up cancelled'}
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>{news(p)}</P>
        <Facts facts={facts(p)} />
        {p.manageUrl && <Action href={p.manageUrl}>Your booking</Action>}
        {p.hasCalendar && <P>{calendar(p)}</P>}
        <P>
          If you have a question, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
