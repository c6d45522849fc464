import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emlOf } from '../../../service/mail/eml.js';
import { UnsendableMessageError, type MailMessage } from '../../../service/mail/port.js';
import { SmtpMailer } from '../../../service/mail/smtp.js';
import { FakeSmtpServer } from '../../support/fake-smtp.js';

const FROM = 'Great Lakes Etiquette <hello@greatlakesetiquette.com>';
const message: MailMessage = {
  to: 'ann@example.com',
  subject: 'Your enrollment is confirmed: Princess Tea Party (ORD-e1)',
  text: 'Dear Ann,\n.\n..a line that starts with dots\nSee you Saturday.',
  html: '<p>Dear Ann, Zoë</p>',
  messageId: '<ORD-e1@greatlakesetiquette.com>',
  attachments: [
    {
      filename: 'Receipt.pdf',
      content: Buffer.from('%PDF-1.7 bytes').toString('base64'),
      contentType: 'application/pdf',
      encoding: 'base64',
    },
  ],
};

/** Each message has its own random boundaries and the time it was written. */
const comparable = (eml: Buffer) =>
  eml
    .toString('latin1')
    .replace(/--_NmP-[0-9a-f]+-Part_/g, '--_NmP-x-Part_')
    .replace(/^Date: .*$/m, 'Date: x');

describe('the SMTP mailer', () => {
  let server: FakeSmtpServer;
  let url: string;
  beforeEach(async () => {
    server = new FakeSmtpServer();
    url = await server.start();
  });
  afterEach(() => server.stop());

  it('given a message, when sent, then the server gets the envelope of its sender and recipient and the bytes the outbox would write', async () => {
    await new SmtpMailer(url, FROM).send(message);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('hello@greatlakesetiquette.com');
    expect(mail!.to).toEqual(['ann@example.com']);
    expect(comparable(mail!.data)).toBe(comparable(emlOf(message, FROM).bytes));
    expect(mail!.data.toString()).toMatch(/^Message-ID: <ORD-e1@greatlakesetiquette\.com>$/m);
  });

  it('given a recipient the server refuses, when sent, then the send fails for good', async () => {
    server.refused.add('ann@example.com');

    await expect(new SmtpMailer(url, FROM).send(message)).rejects.toBeInstanceOf(UnsendableMessageError);
    expect(server.received).toEqual([]);
  });

  it('given a recipient that is not one plain address, then nothing reaches the server', async () => {
    await expect(
      new SmtpMailer(url, FROM).send({ ...message, to: 'ann@example.com\r\nBcc: evil@example.com' }),
    ).rejects.toBeInstanceOf(UnsendableMessageError);
    expect(server.received).toEqual([]);
  });
});
