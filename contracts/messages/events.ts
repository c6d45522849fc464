import { z } from 'zod';

/**
 * Events of the stream `workshop-message-<messageId>`: one message the school wrote to the families
 * of one workshop, and what became of it for each family. The recipients are decided when the
 * message is written (who is booked, or on the waitlist, then) and named by their enrollment or
 * waitlist entry ids, never by address: the address is read from the booking or the entry when the
 * e-mail leaves, so this stream holds no parent's data of its own.
 */
export const WORKSHOP_MESSAGE_STREAM_PREFIX = 'workshop-message-';
export const workshopMessageStream = (messageId: string) => `${WORKSHOP_MESSAGE_STREAM_PREFIX}${messageId}`;

export const WorkshopMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a message id');

export const MESSAGE_AUDIENCES = ['enrolled', 'waitlist'] as const;
export const MessageAudienceSchema = z.enum(MESSAGE_AUDIENCES);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Instant = z.string().datetime({ offset: true });

/**
 * One family: `enrolled`, the bookings of one e-mail address in the workshop, and those of its
 * children there on a make-up (one e-mail however many children or bookings; `id` is the first
 * booking's id); `waitlist`, one entry (`id` is the entry's id, `enrollmentIds` empty).
 */
export const MessageRecipientSchema = z.object({
  id: Id,
  enrollmentIds: z.array(Id),
  /** Added with issue 37: the family is there only on a make-up (its bookings are of another class of the program). */
  makeup: z.literal(true).optional(),
});
export type MessageRecipient = z.infer<typeof MessageRecipientSchema>;

/** An administrator wrote to the families; `metadata.administrator` names who. */
export const WorkshopMessageWrittenSchema = z.object({
  messageId: Id,
  workshopId: Id,
  audience: MessageAudienceSchema,
  /** The session of a course it is about, from 1 (added with issue 37; absent: the whole class). */
  session: z.number().int().min(1).optional(),
  subject: z.string().min(1),
  body: z.string().min(1),
  recipients: z.array(MessageRecipientSchema),
  writtenAt: Instant,
});
export type WorkshopMessageWritten = z.infer<typeof WorkshopMessageWrittenSchema>;

/** The e-mail to one family left (once per recipient; `emailMessageId` is its Message-ID). */
export const WorkshopMessageSentSchema = z.object({
  messageId: Id,
  workshopId: Id,
  recipientId: Id,
  /** The family's bookings, copied so the enrollment history needs no lookup. */
  enrollmentIds: z.array(Id),
  subject: z.string().min(1),
  emailMessageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** The e-mail to one family can never leave (no booking or entry left to read an address from, or refused for good). */
export const WorkshopMessageUndeliverableSchema = z.object({
  messageId: Id,
  workshopId: Id,
  recipientId: Id,
  enrollmentIds: z.array(Id),
  reason: z.string().min(1),
  at: Instant,
});

/**
 * A family asked for no more messages to class families (the link in each of them, or a mail
 * program's one-click "Unsubscribe"), on the stream `message-stop-<familyKey>`: the keyed hash of
 * its address (service/core/pseudonyms.ts), so the stream names nobody. Receipts, reminders and
 * the e-mails of its own bookings still come.
 */
export const MESSAGE_STOP_STREAM_PREFIX = 'message-stop-';
export const messageStopStream = (familyKey: string) => `${MESSAGE_STOP_STREAM_PREFIX}${familyKey}`;
export const WorkshopMessagesStoppedSchema = z.object({
  /** `link`: the page the e-mail links to; `one-click`: a mail program's POST (RFC 8058). */
  via: z.enum(['link', 'one-click']),
  stoppedAt: Instant,
});
export type WorkshopMessagesStopped = z.infer<typeof WorkshopMessagesStoppedSchema>;

export const workshopMessageEventSchemas = {
  WorkshopMessageWritten: WorkshopMessageWrittenSchema,
  WorkshopMessageSent: WorkshopMessageSentSchema,
  WorkshopMessageUndeliverable: WorkshopMessageUndeliverableSchema,
} as const;
export const messageStopEventSchemas = { WorkshopMessagesStopped: WorkshopMessagesStoppedSchema } as const;
export type MessageStopEvent = { type: 'WorkshopMessagesStopped'; data: WorkshopMessagesStopped };

export type WorkshopMessageEvent =
  | { type: 'WorkshopMessageWritten'; data: WorkshopMessageWritten }
  | { type: 'WorkshopMessageSent'; data: z.infer<typeof WorkshopMessageSentSchema> }
  | { type: 'WorkshopMessageUndeliverable'; data: z.infer<typeof WorkshopMessageUndeliverableSchema> };

export const WORKSHOP_MESSAGE_EVENT_TYPES = Object.keys(workshopMessageEventSchemas) as WorkshopMessageEvent['type'][];
