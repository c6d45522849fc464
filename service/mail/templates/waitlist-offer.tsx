import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl, factLines, formatStamp, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LinkLine, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface WaitlistOfferProps {
  firstName: string;
  item: MailItem;
  /** Seats held for this family. */
  seats: number;
  /** What enrolling for them costs in all, in cents (0 when free). */
  amountCents: number;
  /** When the held seats pass to the next family on the list (ISO instant). */
  expiresAt: string;
  /** Where the parent takes the offer. */
  claimUrl: string;
  /** Where the parent leaves the waitlist, which passes the held seats on at once. */
  leaveUrl: string;
  publicUrl: string | null;
}

const places = (n: number) => (n === 1 ? 'a place' : `${n} places`);
const deadline = (p: WaitlistOfferProps) =>
  `We are holding ${p.seats === 1 ? 'it' : 'them'} for you until ${formatStamp(p.expiresAt)} (Central Time). After that, ${p.seats === 1 ? 'it goes' : 'they go'} to the next family on the waiting list.`;

const passOn = (p: WaitlistOfferProps) =>
  `No longer interested? Leave the waitlist and ${p.seats === 1 ? 'the place goes' : 'the places go'} to the next family at once.`;

/** A freed seat offered to the first family on the waiting list that fits, for a limited time. */
export const waitlistOfferTemplate = defineTemplate<WaitlistOfferProps>({
  subject: (p) => `A place has opened for you: ${toOneLine(p.item.title)}`,

  text(p) {
    const price = p.amountCents === 0 ? 'free' : formatUsd(p.amountCents);
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `Good news: ${places(p.seats)} opened in ${toOneLine(p.item.title)}, which you were waiting for.`,
      deadline(p),
      '',
      ...factLines(itemFacts(p.item)),
      `${'Price:'.padEnd(12)}${price}`,
      '',
      `To enroll, open: ${p.claimUrl}`,
      '',
      `${passOn(p)} ${p.leaveUrl}`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.item.title);
    const price = p.amountCents === 0 ? 'Free' : formatUsd(p.amountCents);
    return (
      <Layout
        preview={`${places(p.seats)} opened in ${title}; held for you until ${formatStamp(p.expiresAt)}.`}
        heading="A place has opened for you"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          Good news: {places(p.seats)} opened in <strong>{title}</strong>, which you were waiting for.
        </P>
        <Notice>{deadline(p)}</Notice>
        <Facts title={title} facts={[...itemFacts(p.item), ['Price', price]]} />
        <Action href={p.claimUrl}>Enroll now</Action>
        <P>{passOn(p)}</P>
        <LinkLine href={p.leaveUrl}>Leave the waitlist</LinkLine>
        <Signature />
      </Layout>
    );
  },
});
