import { SCHOOL } from '../../contracts/core/school.js';
import type { MailMessage } from '../mail/port.js';
import { renderEmail, type WorkshopMessageProps } from '../mail/templates/index.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;
/** The subject of the mailto a mail program offers as "Unsubscribe": the office reads it. */
export const STOP_SUBJECT = 'Please stop the messages to class families';

/**
 * One family, one Message-ID per message: an e-mail sent again after a crash (between the send
 * and its record) is the same message, the same outbox file, and mail clients show it once.
 */
export const workshopMessageEmailId = (messageId: string, recipientId: string) =>
  `<workshop-message-${messageId}-${recipientId}@${DOMAIN}>`;

export async function workshopMessageEmail(
  to: string,
  ids: { messageId: string; recipientId: string },
  props: WorkshopMessageProps,
): Promise<MailMessage> {
  const { subject, text, html } = await renderEmail('workshop-message', props);
  return {
    to,
    subject,
    text,
    html,
    messageId: workshopMessageEmailId(ids.messageId, ids.recipientId),
    attachments: [],
    // A list's message: how to leave it, by mail to the school or by the family's stop link.
    unsubscribe: { mailto: `${SCHOOL.email}?subject=${encodeURIComponent(STOP_SUBJECT)}`, url: props.stopUrl },
  };
}
