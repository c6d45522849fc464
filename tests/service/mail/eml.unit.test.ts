import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { emlOf } from '../../../service/mail/eml.js';
import { toMailOptions } from '../../../service/mail/mail-options.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { renderEmail, type EmailKind } from '../../../service/mail/templates/index.js';
import { EMAIL_SAMPLES } from '../../support/email-samples.js';

const FROM = 'Great Lakes Etiquette <hello@greatlakesetiquette.com>';

/** nodemailer's own composition, as the outbox wrote every message until now. */
const streamed = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
const nodemailerEml = async (message: MailMessage) =>
  (await streamed.sendMail(toMailOptions(message, FROM))).message as Buffer;

/** Each message has its own random boundaries and the time it was written; the rest must match byte for byte. */
const comparable = (eml: Buffer) =>
  eml
    .toString('latin1')
    .replace(/--_NmP-[0-9a-f]+-Part_/g, '--_NmP-x-Part_')
    .replace(/^Date: .*$/m, 'Date: x');

const attachments: MailMessage['attachments'] = [
  {
    filename: 'Receipt-ORD-e1.txt',
    content: 'RECEIPT\nOrder number: ORD-e1\nZoë Ångström\n',
    contentType: 'text/plain',
  },
  {
    filename: 'Receipt-ORD-e1.pdf',
    content: Buffer.from(`%PDF-1.7\n${'\u0000\u00ff binary '.repeat(400)}`, 'latin1').toString('base64'),
    contentType: 'application/pdf',
    encoding: 'base64',
  },
  {
    filename: 'GreatLakesEtiquette-ORD-e1.ics',
    content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Tea \\, Zoë\r\nEND:VCALENDAR\r\n',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  },
];

describe('the .eml of a message', () => {
  it.each(Object.keys(EMAIL_SAMPLES) as EmailKind[])(
    'given a %s e-mail with a text receipt, a PDF and a calendar file, when written out, then its bytes are those nodemailer streams',
    async (kind) => {
      const message: MailMessage = {
        to: 'ann@example.com',
        ...(await renderEmail(kind, EMAIL_SAMPLES[kind] as never)),
        messageId: `<${kind}-1@greatlakesetiquette.com>`,
        attachments,
      };

      const written = emlOf(message, FROM);

      expect(comparable(written.bytes)).toBe(comparable(await nodemailerEml(message)));
      expect(written.envelope).toEqual({ from: 'hello@greatlakesetiquette.com', to: ['ann@example.com'] });
    },
  );

  it('given a plain ASCII letter with no HTML and no attachment, then it is one 7bit part, ended by a line break, as nodemailer writes it', async () => {
    const message: MailMessage = {
      to: 'ann@example.com',
      subject: 'Hello',
      text: 'Dear Ann,\nSee you Saturday.',
      messageId: '<plain-1@greatlakesetiquette.com>',
      attachments: [],
    };

    const { bytes } = emlOf(message, FROM);

    expect(bytes.toString()).toMatch(/^Content-Transfer-Encoding: 7bit$/m);
    expect(bytes.toString()).toMatch(/\r\n\r\nDear Ann,\r\nSee you Saturday\.\r\n$/);
    expect(comparable(bytes)).toBe(comparable(await nodemailerEml(message)));
  });

  it('given a recipient that is not one plain address, then nothing is written', () => {
    const message: MailMessage = {
      to: 'ann@example.com\r\nBcc: evil@example.com',
      subject: 'Hello',
      text: 'x',
      messageId: '<bad-1@greatlakesetiquette.com>',
      attachments: [],
    };

    expect(() => emlOf(message, FROM)).toThrow(/not one plain e-mail address/);
  });
});
