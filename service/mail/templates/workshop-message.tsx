import { SCHOOL } from '../../../contracts/core/school.js';
import { sessionDayWords, timeRangeWords } from '../../../contracts/catalogue/session-words.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines, formatShortDate, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LinkLine, P, Phone, Signature } from './parts.js';
import { Link, Text } from '@react-email/components';
import { defineTemplate } from './template.js';
import { COLORS } from './theme.js';

export interface WorkshopMessageProps {
  firstName: string;
  /** As the administrator wrote them: one line, and plain text with line breaks. */
  subject: string;
  body: string;
  item: MailItem;
  audience: 'enrolled' | 'waitlist';
  /** Enrolled families: each booking of the family in the workshop, with its "Manage your booking" link (null without a link secret). */
  bookings: { orderId: string; manageUrl: string | null }[];
  /** Waitlist families: the entry's leave link. */
  leaveUrl: string | null;
  /** The family's link to stop the school's messages to class families (null without a link secret). */
  stopUrl: string | null;
  /** The session of a course the message is about (null: the whole class). */
  session: number | null;
  /** The family is there only on a make-up (its own class is another of the program). */
  makeup: boolean;
  publicUrl: string | null;
}

/** The subject names the workshop unless the administrator's already does: a family may have more than one class. */
const subjectOf = (p: WorkshopMessageProps) => {
  const subject = toOneLine(p.subject);
  const title = toOneLine(p.item.title);
  return subject.toLowerCase().includes(title.toLowerCase()) ? subject : `${subject} – ${title}`;
};

/** The session chosen, when the workshop has it: "Session 3 of 4: Saturday, August 16, 10:00 – 11:30 AM". */
const sessionLine = (p: WorkshopMessageProps) => {
  const sessions = p.item.sessions ?? [];
  const s = p.session ? sessions[p.session - 1] : undefined;
  return s
    ? `Session ${p.session} of ${sessions.length}: ${sessionDayWords(s, p.item.timeZone)}, ${timeRangeWords(s, p.item.timeZone)}`
    : null;
};

/** The workshop's facts, or those of the one session the message is about. */
const factsOf = (p: WorkshopMessageProps): [string, string][] => {
  const line = sessionLine(p);
  return line
    ? [['Session', line], ...itemFacts({ ...p.item, date: null, time: '', sessions: undefined })]
    : itemFacts(p.item);
};

const why = (p: WorkshopMessageProps) => {
  const title = toOneLine(p.item.title);
  const when = sessionLine(p) ? ` (session ${p.session})` : p.item.date ? ` on ${formatShortDate(p.item.date)}` : '';
  if (p.audience === 'waitlist')
    return `You are receiving this because you are on the waitlist for ${title}. Your place on the list is unchanged.`;
  return p.makeup
    ? `You are receiving this because your child has a make-up in ${title}${when}.`
    : `You are receiving this because you booked ${title}${when}.`;
};

/** Paragraphs of the administrator's text: blank lines split them, single line breaks stay. */
const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const whyStyle = { margin: '24px 0 0', color: COLORS.muted, fontSize: '13px', lineHeight: '1.5' };

/** The administrator's text may open with its own greeting ("Dear families,"): then the letter does not greet twice. */
const greets = (body: string) => /^(dear|hello|hi|good (morning|afternoon|evening))\b/i.test(body.trim());
const greeting = (p: WorkshopMessageProps) => (greets(p.body) ? [] : [`Dear ${toOneLine(p.firstName)},`]);

const STOP = 'Stop the school’s messages to class families (receipts and reminders still come)';

const linkLabel = (p: WorkshopMessageProps, orderId: string) =>
  p.bookings.length > 1 ? `Manage booking ${orderId}` : 'Manage your booking';

/**
 * A message the school writes to the families of one workshop (a room change, a snow day), sent
 * once per family: the administrator's words, the workshop's facts as they stand, and the family's
 * way in, the booking link of each booking (enrolled) or the leave link (waitlist).
 */
export const workshopMessageTemplate = defineTemplate<WorkshopMessageProps>({
  subject: subjectOf,

  text(p) {
    const links =
      p.audience === 'enrolled'
        ? p.bookings.flatMap((b) => (b.manageUrl ? [`${linkLabel(p, b.orderId)}: ${b.manageUrl}`] : []))
        : p.leaveUrl
          ? [`No longer need a place? Leave the waitlist: ${p.leaveUrl}`]
          : [];
    return [
      ...greeting(p).flatMap((line) => [line, '']),
      ...paragraphs(p.body).flatMap((para) => [para, '']),
      ...factLines(factsOf(p)),
      '',
      ...(links.length > 0 ? [...links, ''] : []),
      `If you have a question, reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
      why(p),
      ...(p.stopUrl ? [`${STOP}: ${p.stopUrl}`] : []),
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.item.title);
    // The preview line mail programs show beside the subject: the news, not the greeting.
    const first = paragraphs(p.body).find((para) => !greets(para)) ?? toOneLine(p.subject);
    return (
      <Layout preview={first.slice(0, 140)} heading={toOneLine(p.subject)} publicUrl={baseUrl(p.publicUrl)}>
        {greeting(p).map((line) => (
          <P key={line}>{line}</P>
        ))}
        {paragraphs(p.body).map((para, i) => (
          <P key={i}>
            {para.split('\n').map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {line}
              </span>
            ))}
          </P>
        ))}
        <Facts title={title} facts={factsOf(p)} />
        {p.audience === 'enrolled' &&
          p.bookings.map((b) =>
            b.manageUrl ? (
              <Action key={b.orderId} href={b.manageUrl}>
                {linkLabel(p, b.orderId)}
              </Action>
            ) : null,
          )}
        {p.audience === 'waitlist' && p.leaveUrl && (
          <LinkLine href={p.leaveUrl}>No longer need a place? Leave the waitlist</LinkLine>
        )}
        <P>
          If you have a question, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
        <Text style={whyStyle}>
          {why(p)}
          {p.stopUrl && (
            <>
              {' '}
              <Link href={p.stopUrl} style={{ color: COLORS.muted, textDecoration: 'underline' }}>
                {STOP}
              </Link>
              .
            </>
          )}
        </Text>
      </Layout>
    );
  },
});
