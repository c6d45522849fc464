import { SCHOOL } from '../../contracts/core/school.js';
import type { MailMessage } from '../mail/port.js';
import { renderEmail, type MailItem } from '../mail/templates/index.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One offer, one Message-ID: an e-mail sent again after a crash is the same message (one outbox file). */
export const offerMessageId = (offerId: string) => `<waitlist-${offerId}@${DOMAIN}>`;

/** The site's address for links in e-mails: PUBLIC_URL, or the local server when it is not set. */
export const siteBase = (publicUrl: string | undefined, port: number) =>
  (publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');

export interface OfferEmailInput {
  to: string;
  firstName: string;
  /** The workshop as the catalogue holds it now. */
  item: MailItem;
  seats: number;
  /** What enrolling the held seats costs, in cents (0 when free). */
  amountCents: number;
  offerId: string;
  expiresAt: string;
  /** `/enroll/<workshopId>?offer=<token>` on the site. */
  enrollUrl: string;
  /** `/waitlist/leave?token=<token>` on the site. */
  leaveUrl: string;
  publicUrl?: string;
}

/** The offer e-mail (text and HTML): the seats held, until when, the link that takes them and the link to leave. */
export async function offerEmail(input: OfferEmailInput): Promise<MailMessage> {
  const { subject, text, html } = await renderEmail('waitlist-offer', {
    firstName: input.firstName,
    item: input.item,
    seats: input.seats,
    amountCents: input.amountCents,
    expiresAt: input.expiresAt,
    claimUrl: input.enrollUrl,
    leaveUrl: input.leaveUrl,
    publicUrl: input.publicUrl ?? null,
  });
  return {
    to: input.to,
    subject,
    text,
    html,
    messageId: offerMessageId(input.offerId),
    attachments: [],
  };
}
