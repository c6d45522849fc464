import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, LongAddress, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface ReviewRequestProps {
  firstName: string;
  /** The workshop attended, as the booking names it. */
  title: string;
  /** The review page, `/review/<token>`. */
  reviewUrl: string;
  /** The last day the link works, as people read it. */
  validUntil: string;
  publicUrl: string | null;
}

const ask = (p: ReviewRequestProps) =>
  `Thank you for coming to ${p.title}. Would you tell other families how it went? It takes a minute: choose from 1 to 5 stars, add a few words if you like, and say whether to publish it and under which name.`;
const why = (p: ReviewRequestProps) =>
  `We ask only families whose children attended, once per booking. The link works until ${p.validUntil} and gives one review; you can withdraw it from the same link at any time.`;

/** After the last session of a booking one of whose children attended: the one request for a review. */
export const reviewRequestTemplate = defineTemplate<ReviewRequestProps>({
  subject: (p) => `How was ${p.title}?`,
  text: (p) =>
    [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      ask(p),
      '',
      `Write your review: ${p.reviewUrl}`,
      '',
      why(p),
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n'),
  html: (p) => (
    <Layout preview={`How was ${p.title}?`} heading="How was it?" publicUrl={baseUrl(p.publicUrl)}>
      <P>Dear {toOneLine(p.firstName)},</P>
      <P>{ask(p)}</P>
      <Action href={p.reviewUrl}>Write your review</Action>
      <P>
        If the button does not open, copy this address into your browser: <LongAddress href={p.reviewUrl} />
      </P>
      <Notice>{why(p)}</Notice>
      <Signature />
    </Layout>
  ),
});
