import { SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import type { MailMessage } from '../mail/port.js';
import { formatLongDateTime } from './school-dates.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One offer, one Message-ID: an e-mail sent again after a crash is the same message (one outbox file). */
export const offerMessageId = (offerId: string) => `<waitlist-${offerId}@${DOMAIN}>`;

/** The site's address for links in e-mails: PUBLIC_URL, or the local server when it is not set. */
export const siteBase = (publicUrl: string | undefined, port: number) =>
  (publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');

export interface OfferEmailInput {
  to: string;
  firstName: string;
  workshopTitle: string;
  workshopDate: string;
  seats: number;
  offerId: string;
  expiresAt: string;
  /** `/enroll/<workshopId>?offer=<token>` on the site. */
  enrollUrl: string;
  /** `/waitlist/leave?token=<token>` on the site. */
  leaveUrl: string;
}

/** The offer e-mail (plain text): the seats held, until when, the link that takes them and the link to leave. */
export function offerEmail(input: OfferEmailInput): MailMessage {
  const title = toOneLine(input.workshopTitle);
  const seats = `${input.seats} ${input.seats === 1 ? 'seat' : 'seats'}`;
  const text = [
    `Dear ${toOneLine(input.firstName)},`,
    '',
    `Good news: ${seats} opened up in ${title} (${formatLongDateTime(input.workshopDate)}), and we are holding ${input.seats === 1 ? 'it' : 'them'} for you.`,
    `The ${input.seats === 1 ? 'seat is' : 'seats are'} yours until ${formatLongDateTime(input.expiresAt)}. After that ${input.seats === 1 ? 'it goes' : 'they go'} to the next family on the waitlist.`,
    '',
    `Enroll here: ${input.enrollUrl}`,
    '',
    `No longer interested? Leave the waitlist, and the seats go to the next family at once: ${input.leaveUrl}`,
    '',
    'Warm regards,',
    SCHOOL.fullName,
  ].join('\n');
  return {
    to: input.to,
    subject: `A seat is waiting for you: ${title}`,
    text,
    messageId: offerMessageId(input.offerId),
    attachments: [],
  };
}
