import type { Mailer, MailMessage } from '../../service/mail/port.js';

/** Keeps sent mail in memory. */
export class MemoryMailer implements Mailer {
  readonly transport = 'outbox' as const;
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}
