import type { SendMailOptions } from 'nodemailer';
import { toOneLine } from '../../contracts/core/text.js';
import { type MailMessage, UnsendableMessageError } from './port.js';

/** One plain address (local@domain, ASCII as the API's e-mail check takes it): no name, group, list or comment. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/**
 * The recipient, used only when it is one plain address. A stored value holding a line break, a
 * second address or a group ("x:evil@...;") is refused rather than repaired, so it can neither add
 * a header nor a recipient; the send fails for good (UnsendableMessageError), which its sender logs.
 */
export function headerAddress(address: string): string {
  const trimmed = address.trim();
  if (!PLAIN_ADDRESS.test(trimmed))
    throw new UnsendableMessageError('The recipient is not one plain e-mail address; the message was not sent.');
  return trimmed;
}

/**
 * Every message leaves through here, so header values are made single-line here whatever built
 * them (nodemailer also folds CR/LF to spaces; this does not rely on it).
 */
export const toMailOptions = (m: MailMessage, from: string): SendMailOptions => ({
  from,
  to: headerAddress(m.to),
  subject: toOneLine(m.subject),
  text: m.text,
  ...(m.html ? { html: m.html } : {}),
  messageId: toOneLine(m.messageId).replace(/\s+/g, ''),
  ...(m.headers
    ? {
        headers: Object.fromEntries(
          Object.entries(m.headers).map(([name, value]) => [toOneLine(name), toOneLine(value)]),
        ),
      }
    : {}),
  attachments: m.attachments.map((a) => ({
    filename: toOneLine(a.filename),
    content: a.content,
    ...(a.encoding ? { encoding: a.encoding } : {}),
    contentType: a.contentType,
  })),
});
