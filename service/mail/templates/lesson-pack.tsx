import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface LessonPackProps {
  purchaserName: string;
  /** The lesson type the pack pays for. */
  title: string;
  count: number;
  amountCents: number;
  /** The code, grouped for reading aloud ("7QXM-3KPD-9HRT-2WVB"). */
  code: string;
  /** The last day it can be used, on the school's calendar (YYYY-MM-DD). */
  validUntil: string;
  /** Where its lessons are booked. */
  bookUrl: string;
  publicUrl: string | null;
}

const howTo =
  'To use it, choose a time on the booking page and enter the code in the "Lesson pack code" field: each booking takes one lesson, and a lesson you cancel in time comes back to the pack.';

/** The purchaser's lesson pack, sent once it is paid: its code, how many lessons, until when. */
export const lessonPackTemplate = defineTemplate<LessonPackProps>({
  subject: (p) => `Your ${p.count}-lesson pack for ${toOneLine(p.title)}`,

  text(p) {
    return [
      `Dear ${toOneLine(p.purchaserName)},`,
      '',
      `Thank you for buying ${p.count} lessons of ${toOneLine(p.title)} (${formatUsd(p.amountCents)}).`,
      '',
      `${'Code:'.padEnd(12)}${p.code}`,
      `${'Lessons:'.padEnd(12)}${p.count}`,
      `${'Use until:'.padEnd(12)}${p.validUntil}`,
      '',
      howTo,
      `Book a lesson: ${p.bookUrl}`,
      '',
      'Keep the code safe: whoever has it can book its lessons.',
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout
        preview={`Your code for ${p.count} lessons of ${toOneLine(p.title)} is inside.`}
        heading="Your lesson pack"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.purchaserName)},</P>
        <P>
          Thank you for buying {p.count} lessons of <strong>{toOneLine(p.title)}</strong> ({formatUsd(p.amountCents)}).
        </P>
        <Facts
          title="Your lesson pack"
          facts={[
            ['Code', p.code],
            ['Lessons', String(p.count)],
            ['Use until', p.validUntil],
          ]}
        />
        <P>{howTo}</P>
        <Action href={p.bookUrl}>Book a lesson</Action>
        <P>Keep the code safe: whoever has it can book its lessons.</P>
        <Signature />
      </Layout>
    );
  },
});
