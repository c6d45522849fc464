import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl, factLines, formatStamp, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LinkLine, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface WaitlistConfirmProps {
  firstName: string;
  item: MailItem;
  /** Places the family asked for. */
  participants: number;
  /** The place in the line the entry takes if confirmed now (counting from 1). */
  position: number;
  /** When the entry lapses unless confirmed (ISO instant). */
  confirmBy: string;
  /** How long an offer's seats are held for the family (WAITLIST_OFFER_HOURS). */
  offerHours: number;
  /** `/waitlist/confirm?token=…` on the site. */
  confirmUrl: string;
  /** `/waitlist/leave?token=…` on the site. */
  leaveUrl: string;
  publicUrl: string | null;
}

const ordinal = (n: number) => {
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th' } as Record<string, string>;
  return `${n}${suffix[new Intl.PluralRules('en-US', { type: 'ordinal' }).select(n)] ?? 'th'}`;
};
const hours = (n: number) => (n === 1 ? 'an hour' : `${n} hours`);

const confirmFirst = (p: WaitlistConfirmProps) =>
  `Please confirm within 24 hours that this e-mail address is yours. Until you do, your place does not count, and the request lapses on ${formatStamp(p.confirmBy)} (Central Time).`;
const place = (p: WaitlistConfirmProps) => `Once you confirm, you will be ${ordinal(p.position)} on the waitlist.`;
const howOffers = (p: WaitlistConfirmProps) =>
  `How offers work: when seats open, we hold them for ${hours(p.offerHours)} for the first family on the list that fits and e-mail a link to enroll. If you do not enroll in time, they go to the next family.`;
const notYou = 'Did not ask for this? Ignore this e-mail: nothing happens unless you confirm.';
const asked = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;

/** Sent once per join: the link that confirms the entry, the place it takes, how offers work, and the leave link. */
export const waitlistConfirmTemplate = defineTemplate<WaitlistConfirmProps>({
  subject: (p) => `Confirm your place on the waitlist: ${toOneLine(p.item.title)}`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `Thank you for joining the waitlist for ${toOneLine(p.item.title)}.`,
      confirmFirst(p),
      '',
      `To confirm, open: ${p.confirmUrl}`,
      '',
      place(p),
      '',
      ...factLines([...itemFacts(p.item), ['Places', asked(p.participants)]]),
      '',
      howOffers(p),
      '',
      `No longer interested? Leave the waitlist: ${p.leaveUrl}`,
      '',
      notYou,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.item.title);
    return (
      <Layout
        preview={`Confirm your place on the waitlist for ${title} within 24 hours.`}
        heading="Confirm your place on the waitlist"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          Thank you for joining the waitlist for <strong>{title}</strong>.
        </P>
        <Notice>{confirmFirst(p)}</Notice>
        <Action href={p.confirmUrl}>Confirm my place</Action>
        <P strong>{place(p)}</P>
        <Facts title={title} facts={[...itemFacts(p.item), ['Places', asked(p.participants)]]} />
        <P>{howOffers(p)}</P>
        <LinkLine href={p.leaveUrl}>Leave the waitlist</LinkLine>
        <P>{notYou}</P>
        <Signature />
      </Layout>
    );
  },
});
