import { join } from 'node:path';
import type { Config } from '../core/config.js';
import type { Mailer } from './port.js';
import { OutboxMailer } from './outbox.js';
import { SmtpMailer } from './smtp.js';

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox. */
export function createMailer(config: Config): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(outboxDir(config), config.MAIL_FROM);
}

export const outboxDir = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, 'outbox');
