import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './port.js';
import { toMailOptions } from './mail-options.js';

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

  async send(message: MailMessage): Promise<void> {
    await this.smtp.sendMail(toMailOptions(message, this.from));
  }
}
