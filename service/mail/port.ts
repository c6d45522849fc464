/** An e-mail to send. Addresses are never logged. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** RFC 5322 Message-ID, e.g. <ORD-123@greatlakesetiquette.com>; the same mail keeps the same id. */
  messageId: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
