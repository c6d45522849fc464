import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines, formatStamp } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, P } from './parts.js';
import { defineTemplate } from './template.js';

export interface InquiryReceivedProps {
  kind: 'contact' | 'consultation';
  name: string;
  company: string;
  email: string;
  phone: string;
  /** The message, or the consultation's topic. */
  message: string;
  preferredDate: string | null;
  /** When it came (ISO instant). */
  receivedAt: string;
  /** The admin area's inbox. */
  inboxUrl: string;
  publicUrl: string | null;
}

const what = (p: InquiryReceivedProps) => (p.kind === 'contact' ? 'contact message' : 'consultation request');
const from = (p: InquiryReceivedProps) => `${toOneLine(p.name)}${p.company.trim() ? ` (${toOneLine(p.company)})` : ''}`;

const facts = (p: InquiryReceivedProps): [string, string][] => [
  ['From', from(p)],
  ['Email', toOneLine(p.email)],
  ...(p.phone.trim() ? [['Phone', toOneLine(p.phone)] as [string, string]] : []),
  ...(p.preferredDate ? [['Preferred date', toOneLine(p.preferredDate)] as [string, string]] : []),
  ['Received', `${formatStamp(p.receivedAt)} (Central Time)`],
];

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean);

const WHY = 'You receive this e-mail for each message sent with the website’s contact and consultation forms.';

/** To the office, once per inquiry: who wrote, what they wrote, and where the inbox is; a reply goes to them. */
export const inquiryReceivedTemplate = defineTemplate<InquiryReceivedProps>({
  subject: (p) => `New ${what(p)} from ${from(p)}`,

  text(p) {
    return [
      'Dear Owner,',
      '',
      `A new ${what(p)} came in from the website. Reply to this e-mail to answer ${toOneLine(p.name)}.`,
      '',
      ...factLines(facts(p)),
      '',
      ...paragraphs(p.message).flatMap((para) => [para, '']),
      `See the inbox: ${p.inboxUrl}`,
      '',
      WHY,
      '',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const heading = p.kind === 'contact' ? 'A new contact message' : 'A new consultation request';
    return (
      <Layout
        preview={`${from(p)}: ${toOneLine(p.message).slice(0, 90)}`}
        heading={heading}
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear Owner,</P>
        <P>
          A new {what(p)} came in from the website. Reply to this e-mail to answer {toOneLine(p.name)}.
        </P>
        <Facts facts={facts(p)} />
        {paragraphs(p.message).map((para, i) => (
          <P key={i}>
            {para.split('\n').map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {line}
              </span>
            ))}
          </P>
        ))}
        <Action href={p.inboxUrl}>See the inbox</Action>
        <P>{WHY}</P>
      </Layout>
    );
  },
});
