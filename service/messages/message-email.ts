import { SCHOOL } from '../../contracts/core/school.js';
import type { MailMessage } from '../mail/port.js';
import { renderEmail, type WorkshopMessageProps } from '../mail/templates/index.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

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
  };
}
