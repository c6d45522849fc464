import { SCHOOL } from '../../contracts/core/school.js';
import type { AnnouncementWritten } from '../../contracts/newsletter/announcements.js';
import type { MailMessage } from '../mail/port.js';
import { NEWSLETTER_DOMAIN } from './links.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One announcement to one address, one Message-ID: sent again after a crash, it is the same message. */
export const announcementMessageId = (announcementId: string, recipient: string) =>
  `<announcement-${announcementId}-${recipient}@${NEWSLETTER_DOMAIN}>`;

export interface UnsubscribeLinks {
  /** The page with a button. */
  page: string;
  /** Where a mail provider's one-click unsubscribe posts. */
  post: string;
  mailto: string;
}

/**
 * An announcement as the subscriber (or the owner's test) receives it: the body's paragraphs, the
 * unsubscribe link at the foot, and the headers mail providers show their own button for
 * (`List-Unsubscribe` with a link and a mailto, RFC 2369; `List-Unsubscribe-Post`, RFC 8058).
 */
export function announcementEmail(
  to: string,
  announcement: Pick<AnnouncementWritten, 'subject' | 'body'>,
  messageId: string,
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  const paragraphs = announcement.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const foot = `You receive this because you asked for ${SCHOOL.name}'s news of new classes. Unsubscribe: ${unsubscribe.page}`;
  return {
    to,
    subject: announcement.subject,
    text: [...paragraphs, '', SCHOOL.name, '', foot, ''].join('\n\n').replace(/\n{3,}/g, '\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`),
      `<p>${escape(SCHOOL.name)}</p>`,
      `<p style="font-size:12px">You receive this because you asked for ${escape(SCHOOL.name)}'s news of new classes. <a href="${escape(unsubscribe.page)}">Unsubscribe</a></p>`,
    ].join('\n'),
    messageId,
    attachments: [],
    headers: {
      'List-Unsubscribe': `<${unsubscribe.post}>, <${unsubscribe.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
