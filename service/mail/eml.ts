import nodemailer from 'nodemailer';
import type { MailMessage } from './port.js';
import { toMailOptions } from './mail-options.js';

/** A message written out: the bytes of an RFC 822 file (.eml), and who it goes to and from. */
export interface Eml {
  bytes: Buffer;
  envelope: { from: string | false; to: string[] };
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** A message as the bytes of an .eml: headers, its text and HTML, its attachments; CRLF line ends. */
export async function emlOf(message: MailMessage, from: string): Promise<Eml> {
  const info = await composer.sendMail(toMailOptions(message, from));
  return { bytes: info.message as Buffer, envelope: info.envelope as Eml['envelope'] };
}
