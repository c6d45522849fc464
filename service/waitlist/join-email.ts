import { SCHOOL } from '../../contracts/core/school.js';
import type { MailMessage } from '../mail/port.js';
import { renderEmail, type WaitlistConfirmProps } from '../mail/templates/index.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One join, one Message-ID: the e-mail sent again after a crash is the same message (one outbox file). */
export const joinMessageId = (entryId: string) => `<waitlist-join-${entryId}@${DOMAIN}>`;

/** The join e-mail (text and HTML): the confirmation link, the place, how offers work, the leave link. */
export async function joinEmail(to: string, entryId: string, props: WaitlistConfirmProps): Promise<MailMessage> {
  const { subject, text, html } = await renderEmail('waitlist-confirm', props);
  return { to, subject, text, html, messageId: joinMessageId(entryId), attachments: [] };
}
