import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import type { MailMessage } from './port.js';
import { toMailOptions } from './mail-options.js';

/** A message written out: the bytes of an RFC 822 file (.eml), and who it goes to and from, for SMTP. */
export interface Eml {
  bytes: Buffer;
  envelope: { from: string | false; to: string[] };
}

/** RFC 2045's line limit, which nodemailer's encoders keep by default. */
const LINE = 76;

/**
 * Base64 in lines of LINE characters joined by CRLF, as nodemailer's `base64.wrap` writes them: its
 * regular expression over the whole text cost more than the encoding, for a receipt's 30 KB.
 */
function base64Lines(content: string | Buffer): string {
  const text = (typeof content === 'string' ? Buffer.from(content) : content).toString('base64');
  if (text.length <= LINE) return text;
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += LINE) lines.push(text.slice(i, i + LINE));
  return lines.join('\r\n');
}

/**
 * The body of one part, encoded as its headers say. nodemailer's encoders, called directly: its
 * stream encoders give the same bytes (`wrap(encode(input))`, their documentation says), through
 * four streams a part.
 */
function bodyOf(node: MimeNode): string {
  const content = node.content as string | Buffer | undefined;
  if (!content) return '';
  const encoding = String(node.getHeader('Content-Transfer-Encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return base64Lines(content);
  // As nodemailer's `newline: 'windows'` does: a bare LF (kept by 7bit and quoted-printable text)
  // becomes CRLF. Headers and base64 lines already end in CRLF.
  const text = encoding === 'quoted-printable' ? qp.wrap(qp.encode(content), LINE) : content.toString();
  return text.replace(/(?<!\r)\n/g, '\r\n');
}

/** The node and its children, in the order and with the delimiters nodemailer's `MimeNode.stream` writes them. */
function write(node: MimeNode, out: string[]): void {
  // Headers first: building them chooses the transfer encoding and the boundary the rest uses.
  out.push(node.buildHeaders(), '\r\n\r\n', bodyOf(node));
  if (!node.multipart) return;
  const boundary = String(node.boundary);
  for (const [i, child] of node.childNodes.entries()) {
    out.push(i > 0 ? '\r\n' : '', '--', boundary, '\r\n');
    write(child, out);
  }
  out.push('\r\n--', boundary, '--\r\n');
}

/**
 * A message as the bytes of an .eml, CRLF line ends: nodemailer composes it (MailComposer: the
 * parts, their headers, encodings and boundaries) and it is written out here in one pass. Its own
 * `build()` gives the same bytes (a unit test compares them) but streams every part through
 * transforms on the event loop, which cost more CPU than the rest of an e-mail together. `headers`
 * are added (the outbox copy's own, never sent).
 */
export function emlOf(message: MailMessage, from: string, headers?: Record<string, string>): Eml {
  const options = toMailOptions(message, from);
  const root = new MailComposer({
    ...options,
    ...(headers ? { headers: { ...(options.headers as Record<string, string> | undefined), ...headers } } : {}),
    // What nodemailer would choose for each message the school writes (its markup outnumbers any
    // other script), without counting the letters of the whole document to choose it.
    ...(message.html ? { html: { content: message.html, contentTransferEncoding: 'quoted-printable' } } : {}),
  }).compile();
  const out: string[] = [];
  write(root, out);
  // The message ends with a line break, as nodemailer ends it.
  const text = out.join('');
  const ended = text.endsWith('\n') ? text : text.endsWith('\r') ? `${text}\n` : `${text}\r\n`;
  return {
    bytes: Buffer.from(ended, 'utf8'),
    envelope: root.getEnvelope(),
  };
}
