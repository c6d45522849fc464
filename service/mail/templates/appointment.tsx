import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LongAddress, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

/** What happened to the appointment: booked, moved to another time, or cancelled. */
export type AppointmentChange = 'booked' | 'moved' | 'cancelled';

export interface AppointmentProps {
  change: AppointmentChange;
  firstName: string;
  /** The lesson or party, as its type names it. */
  title: string;
  /** "Tuesday, March 5, 2030, 10:00 - 11:00 AM" on the school's clock. */
  when: string;
  /** The time it had before a move. */
  before?: string;
  instructorName: string;
  participantName: string;
  guests?: number;
  /** "$250.00" paid now; what is due later (a party's balance), when anything is. */
  paid: string | null;
  dueLater: string | null;
  /** A cancellation's refund, worded ("$250.00 to the card used for payment"), or why there is none. */
  refund?: string;
  /** The parent's booking page, when the server signs links. */
  manageUrl: string | null;
  publicUrl: string | null;
}

const HEADINGS: Record<AppointmentChange, string> = {
  booked: 'Your appointment is booked',
  moved: 'Your appointment has moved',
  cancelled: 'Your appointment is cancelled',
};

const facts = (p: AppointmentProps): [string, string][] => [
  ['What', toOneLine(p.title)],
  ['When', p.when],
  ...(p.before ? [['Was', p.before] as [string, string]] : []),
  ['With', toOneLine(p.instructorName)],
  ['For', toOneLine(p.participantName)],
  ...(p.guests ? [['Guests', String(p.guests)] as [string, string]] : []),
  ...(p.paid ? [['Paid', p.paid] as [string, string]] : []),
  ...(p.dueLater ? [['Due later', p.dueLater] as [string, string]] : []),
  ...(p.refund ? [['Refund', p.refund] as [string, string]] : []),
];

const lead = (p: AppointmentProps) =>
  p.change === 'booked'
    ? `Thank you: your ${toOneLine(p.title)} is booked. The calendar file attached adds it to your calendar.`
    : p.change === 'moved'
      ? `Your ${toOneLine(p.title)} has moved to a new time. The calendar file attached updates your calendar.`
      : `Your ${toOneLine(p.title)} is cancelled and its time given back.`;

/** To the parent: an appointment booked, moved or cancelled, with its booking page. */
export const appointmentTemplate = defineTemplate<AppointmentProps>({
  subject: (p) => `${HEADINGS[p.change]}: ${toOneLine(p.title)}, ${p.when}`,
  text: (p) =>
    [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      lead(p),
      '',
      ...factLines(facts(p)),
      '',
      ...(p.manageUrl && p.change !== 'cancelled'
        ? [`Manage your appointment (cancel or move it): ${p.manageUrl}`, '']
        : []),
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n'),
  html: (p) => (
    <Layout preview={lead(p)} heading={HEADINGS[p.change]} publicUrl={baseUrl(p.publicUrl)}>
      <P>Dear {toOneLine(p.firstName)},</P>
      <P>{lead(p)}</P>
      <Facts facts={facts(p)} />
      {p.manageUrl && p.change !== 'cancelled' ? (
        <>
          <Action href={p.manageUrl}>Manage your appointment</Action>
          <P>
            If the button does not open, copy this address into your browser: <LongAddress href={p.manageUrl} />
          </P>
        </>
      ) : null}
      <Signature />
    </Layout>
  ),
});

export interface InstructorNoticeProps {
  change: AppointmentChange;
  instructorName: string;
  title: string;
  when: string;
  before?: string;
  participantName: string;
  guests?: number;
  notes?: string;
  publicUrl: string | null;
}

const noticeFacts = (p: InstructorNoticeProps): [string, string][] => [
  ['What', toOneLine(p.title)],
  ['When', p.when],
  ...(p.before ? [['Was', p.before] as [string, string]] : []),
  ['For', toOneLine(p.participantName)],
  ...(p.guests ? [['Guests', String(p.guests)] as [string, string]] : []),
  ...(p.notes ? [['Notes', toOneLine(p.notes)] as [string, string]] : []),
];

const NOTICE_WORDS: Record<AppointmentChange, string> = {
  booked: 'A new appointment was booked with you',
  moved: 'An appointment with you has moved',
  cancelled: 'An appointment with you was cancelled',
};

/** To the instructor: each booking, change and cancellation of their time (issue 38 item 4). */
export const instructorNoticeTemplate = defineTemplate<InstructorNoticeProps>({
  subject: (p) => `${NOTICE_WORDS[p.change]}: ${toOneLine(p.title)}, ${p.when}`,
  text: (p) =>
    [
      `Dear ${toOneLine(p.instructorName)},`,
      '',
      `${NOTICE_WORDS[p.change]}.`,
      '',
      ...factLines(noticeFacts(p)),
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n'),
  html: (p) => (
    <Layout preview={NOTICE_WORDS[p.change]} heading={NOTICE_WORDS[p.change]} publicUrl={baseUrl(p.publicUrl)}>
      <P>Dear {toOneLine(p.instructorName)},</P>
      <Facts facts={noticeFacts(p)} />
      <Signature />
    </Layout>
  ),
});
