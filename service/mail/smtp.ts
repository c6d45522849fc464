import nodemailer, { type Transporter } from 'nodemailer';
import { type Mailer, type MailMessage, UnsendableMessageError } from './port.js';
import { emlOf } from './eml.js';

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com). */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private readonly smtp: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.smtp = nodemailer.createTransport(url);
  }

  /**
   * A refused recipient (nodemailer's EENVELOPE: the server answered RCPT TO with a rejection) is
   * for good; anything else (no connection, a time-out, authentication, a 4xx) may pass later and
   * is thrown as it is, to be tried again.
   */
  async send(message: MailMessage): Promise<void> {
    // Written out as the outbox writes it (eml.ts), and sent as those bytes with their envelope.
    const { bytes, envelope } = emlOf(message, this.from);
    try {
      await this.smtp.sendMail({ envelope: { from: envelope.from || undefined, to: envelope.to }, raw: bytes });
    } catch (err) {
      if ((err as { code?: unknown }).code === 'EENVELOPE')
        throw new UnsendableMessageError('The mail server refused the recipient.', { cause: err });
      throw err;
    }
  }
}
