/** An e-mail to send. Addresses are never logged. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** RFC 5322 Message-ID, e.g. <ORD-123@greatlakesetiquette.com>; the same mail keeps the same id. */
  messageId: string;
  attachments: MailAttachment[];
  /**
   * The data subjects (contracts/privacy: `household:<id>`, an address's keyed hash) whose personal
   * data the message carries besides its recipient's: a gift card names its purchaser, an
   * invitation the family that invited. Their erasure deletes the copies kept of it.
   */
  about?: readonly string[];
  /** Where a reply goes instead of the sender (the office's notice of an inquiry: to its sender). */
  replyTo?: string;
  /**
   * A message to a list (a workshop's families): how to leave it, written as List-Unsubscribe
   * (RFC 2369) with a mailto to the school, and, when `url` is set, a link that takes a one-click
   * POST (RFC 8058, List-Unsubscribe-Post).
   */
  /** `mailto`: the address and its query (`office@…?subject=…`), without the scheme. */
  unsubscribe?: { mailto: string; url: string | null };
  /**
   * Headers of the message's own (a newsletter's `List-Unsubscribe` and `List-Unsubscribe-Post`,
   * RFC 2369 and 8058), made single-line as every header is.
   */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A file sent with a message: text (the .ics, UTF-8), or bytes written as base64 with `encoding`
 * (the PDF receipt), so that a message stays plain data every mailer, queue and test can hold.
 */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  encoding?: 'base64';
}

/**
 * The message can never be sent as it is (its stored recipient is not one plain address, or the
 * mail server refused the recipient): sending it again would fail again.
 */
export class UnsendableMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnsendableMessageError';
  }
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Deletes the copies this mailer keeps of messages to `address`, the whole address (an erasure);
   * resolves with how many. Absent where the mailer keeps none (SMTP: the mail server's copies are
   * the school's mailbox).
   */
  eraseCopiesTo?(address: string): Promise<number>;
  /** Deletes the copies this mailer keeps of messages `about` any of these subjects, whoever they went to. */
  eraseCopiesAbout?(subjects: readonly string[]): Promise<number>;
}
