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

/**
 * The outbox copy's own header naming the data subjects a message carries besides its recipient
 * (`MailMessage.about`): keyed hashes and ids, no address. Only in the copy: never sent over SMTP.
 */
export const ABOUT_HEADER = 'X-Outbox-About';

/** The message's header block, continuation lines joined, lower case. */
const headersOf = (message: string) =>
  message
    .split(/\r?\n\r?\n/, 1)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .toLowerCase()
    .split(/\r?\n/);

/** The whole addresses of the To and Cc lines: `a@b`, `<a@b>` or `"Name" <a@b>`, comma-separated. */
function recipientsOf(headers: string[]): string[] {
  return headers
    .filter((line) => /^(to|cc):/.test(line))
    .flatMap((line) => line.replace(/^(to|cc):/, '').split(','))
    .map((part) => (/<([^<>]*)>\s*$/.exec(part)?.[1] ?? part).trim());
}

const aboutOf = (headers: string[]): string[] =>
  headers
    .filter((line) => line.startsWith(`${ABOUT_HEADER.toLowerCase()}:`))
    .flatMap((line) =>
      line
        .slice(ABOUT_HEADER.length + 1)
        .trim()
        .split(/\s+/),
    );

/**
 * The embedded default: each message is rendered to RFC 822 (.eml, attachments included) and
 * written under DATA_DIR/outbox, named by its Message-ID, so sending the same mail twice leaves
 * one file. Written to a temporary name and renamed, so a reader never sees half a message. The
 * folder is 0700 and each file 0600: a message carries the parent's name, e-mail and receipt.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;
  private swept: Promise<void> | null = null;
  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    // A process killed between the write and the rename left its temporary file: a whole or half
    // message that no one will send, carrying a family's data. Gone before this process writes.
    await (this.swept ??= this.sweepStale());
    // Subject ids are [A-Za-z0-9_:-]: nothing to fold or escape.
    const about = (message.about ?? []).filter((s) => /^[A-Za-z0-9_:-]+$/.test(s));
    const { bytes } = emlOf(message, this.from, about.length ? { [ABOUT_HEADER]: about.join(' ') } : undefined);
    ensurePrivateDir(this.dir);
    const file = join(this.dir, outboxFileName(message.messageId));
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
    await rename(tmp, file);
  }

  /** Deletes every message whose To or Cc header names the whole `address` (case aside). */
  eraseCopiesTo(address: string): Promise<number> {
    const wanted = address.trim().toLowerCase();
    return this.eraseWhere((headers) => recipientsOf(headers).includes(wanted));
  }

  /** Deletes every message whose copy names one of `subjects` as carried (`about`). */
  eraseCopiesAbout(subjects: readonly string[]): Promise<number> {
    const wanted = new Set(subjects.map((s) => s.toLowerCase()));
    return this.eraseWhere((headers) => aboutOf(headers).some((s) => wanted.has(s)));
  }

  private async eraseWhere(matches: (headers: string[]) => boolean): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let erased = 0;
    // A temporary copy (being written, or left by a process killed mid-write) counts as a copy.
    for (const name of names.filter((n) => n.endsWith('.eml') || TEMPORARY.test(n))) {
      const file = join(this.dir, name);
      const text = await readFile(file, 'utf8').catch(() => '');
      if (matches(headersOf(text))) {
        await unlink(file).catch(() => undefined);
        erased++;
      }
    }
    return erased;
  }

  /** Deletes the temporary files of other (dead) processes. */
  private async sweepStale(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      const pid = TEMPORARY.exec(name)?.[1];
      if (pid && Number(pid) !== process.pid) await unlink(join(this.dir, name)).catch(() => undefined);
    }
  }
}

/** `<file>.eml.<pid>.tmp`: a message being written by process `pid`. */
const TEMPORARY = /\.eml\.(\d+)\.tmp$/;
