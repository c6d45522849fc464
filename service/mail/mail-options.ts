import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './port.js';

export const toMailOptions = (m: MailMessage, from: string): SendMailOptions => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  ...(m.html ? { html: m.html } : {}),
  messageId: m.messageId,
  attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
});
