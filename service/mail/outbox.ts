import { readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './port.js';
import { emlOf } from './eml.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../platform/private-files.js';

/** The folder of the embedded mailer's messages, under DATA_DIR. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** The file an outbox message is written to: its Message-ID without brackets or domain. */
export const outboxFileName = (messageId: string) =>
  `${messageId
    .replace(/^<|>$/g, '')
    .split('@')[0]!
    .replace(/[^A-Za-z0-9_.-]/g, '_')}.eml`;

/** The To and Cc header lines of a message (continuation lines joined), lower case. */
function recipientsOf(message: string): string[] {
  const headers = message.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return headers.split(/\r?\n/).filter((line) => /^(to|cc):/.test(line));
}

/**
 * The embedded default: each message is rendered to RFC 822 (.eml, attachments included) and
 * written under DATA_DIR/outbox, named by its Message-ID, so sending the same mail twice leaves
 * one file. Written to a temporary name and renamed, so a reader never sees half a message. The
 * folder is 0700 and each file 0600: a message carries the parent's name, e-mail and receipt.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;
  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const { bytes } = emlOf(message, this.from);
    ensurePrivateDir(this.dir);
    const file = join(this.dir, outboxFileName(message.messageId));
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
    await rename(tmp, file);
  }

  /** Deletes every message whose To or Cc header names `address` (case aside). */
  async eraseCopiesTo(address: string): Promise<number> {
    const wanted = address.trim().toLowerCase();
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let erased = 0;
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = join(this.dir, name);
      const text = (await readFile(file, 'utf8').catch(() => '')).toLowerCase();
      if (recipientsOf(text).some((r) => r.includes(wanted))) {
        await unlink(file).catch(() => undefined);
        erased++;
      }
    }
    return erased;
  }
}
