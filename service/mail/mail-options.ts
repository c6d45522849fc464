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

/** An address for a header's angle brackets: one line, no bracket or space that would end it early. */
const bracketed = (uri: string) => `<${toOneLine(uri).replace(/[<>\s]/g, encodeURIComponent)}>`;

/**
 * The headers every message carries: `Auto-Submitted: auto-generated` (RFC 3834), since every
 * message the school sends is written by the system, so out-of-office replies and other
 * auto-responders leave it be; and, for a list, how to leave it.
 */
function headersOf(m: MailMessage): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (m.unsubscribe) {
    const { url, mailto } = m.unsubscribe;
    headers['List-Unsubscribe'] = [...(url ? [url] : []), `mailto:${mailto}`].map(bracketed).join(', ');
    if (url) headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  // A message's own headers (a newsletter's List-Unsubscribe), beside those every message carries.
  for (const [name, value] of Object.entries(m.headers ?? {})) headers[toOneLine(name)] = toOneLine(value);
  return headers;
}

/**
 * Every message leaves through here, so header values are made single-line here whatever built
 * them (nodemailer also folds CR/LF to spaces; this does not rely on it).
 */
export const toMailOptions = (m: MailMessage, from: string): SendMailOptions => ({
  from,
  to: headerAddress(m.to),
  subject: toOneLine(m.subject),
  // A reply address that is not one plain address is left out: the message still goes.
  ...(m.replyTo && PLAIN_ADDRESS.test(m.replyTo.trim()) ? { replyTo: m.replyTo.trim() } : {}),
  headers: headersOf(m),
  text: m.text,
  ...(m.html ? { html: m.html } : {}),
  messageId: toOneLine(m.messageId).replace(/\s+/g, ''),
  attachments: m.attachments.map((a) => ({
    filename: toOneLine(a.filename),
    content: a.content,
    ...(a.encoding ? { encoding: a.encoding } : {}),
    contentType: a.contentType,
  })),
});
