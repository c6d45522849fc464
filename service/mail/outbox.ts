import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './port.js';
import { toMailOptions } from './mail-options.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../platform/private-files.js';

/** The folder of the embedded mailer's messages, under DATA_DIR. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** The file an outbox message is written to: its Message-ID without brackets or domain. */
export const outboxFileName = (messageId: string) =>
  `${messageId
    .replace(/^<|>$/g, '')
    .split('@')[0]!
    .replace(/[^A-Za-z0-9_.-]/g, '_')}.eml`;

/**
 * The embedded default: each message is rendered to RFC 822 (.eml, attachments included) and
 * written under DATA_DIR/outbox, named by its Message-ID, so sending the same mail twice leaves
 * one file. Written to a temporary name and renamed, so a reader never sees half a message. The
 * folder is 0700 and each file 0600: a message carries the parent's name, e-mail and receipt.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;
  private readonly render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.render.sendMail(toMailOptions(message, this.from));
    ensurePrivateDir(this.dir);
    const file = join(this.dir, outboxFileName(message.messageId));
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    await rename(tmp, file);
  }
}
