import { z } from 'zod';
import { multiLineText, oneLineText } from '../core/text.js';
import { MessageAudienceSchema, type MessageAudience } from './events.js';

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5_000;

/**
 * A course's session, from 1: the families expected in it (booked and not reported absent, and the
 * children there on a make-up). Absent: everyone booked in the class and every make-up in it.
 */
const SessionChoice = z.coerce
  .number({ error: 'Choose a session by its number, from 1.' })
  .int('Choose a session by its number, from 1.')
  .min(1, 'Choose a session by its number, from 1.');

/** POST /api/admin/workshops/{id}/messages: what the school writes, and to whom. */
export const WorkshopMessageRequestSchema = z
  .object({
    subject: oneLineText('The subject', { error: 'Write a subject.' })
      .trim()
      .min(1, 'Write a subject.')
      .max(MESSAGE_SUBJECT_MAX, `Keep the subject to ${MESSAGE_SUBJECT_MAX} characters or fewer.`),
    body: multiLineText('The message', { error: 'Write the message.' })
      .trim()
      .min(1, 'Write the message.')
      .max(MESSAGE_BODY_MAX, `Keep the message to ${MESSAGE_BODY_MAX.toLocaleString('en-US')} characters or fewer.`),
    audience: z.enum(MessageAudienceSchema.options, {
      error: 'Choose who receives it: "enrolled" (the booked families) or "waitlist".',
    }),
    session: SessionChoice.optional(),
  })
  .strict();
export type WorkshopMessageRequest = z.infer<typeof WorkshopMessageRequestSchema>;

export const EMPTY_WORKSHOP_MESSAGE: WorkshopMessageRequest = { subject: '', body: '', audience: 'enrolled' };

/** GET /api/admin/workshops/{id}/messages/recipients?audience=: how many families a message would reach now. */
export const MessageRecipientsQuerySchema = z.object({
  audience: z.enum(MessageAudienceSchema.options, {
    error: 'Choose who receives it: "enrolled" (the booked families) or "waitlist".',
  }),
  session: SessionChoice.optional(),
});
export interface MessageRecipientCount {
  workshopId: string;
  audience: MessageAudience;
  session?: number;
  /** Families (one e-mail address each) the message would go to. */
  families: number;
}

/** 202 of the POST: the message is recorded and its e-mails are on their way. */
export interface WorkshopMessageAccepted {
  id: string;
  workshopId: string;
  audience: MessageAudience;
  session?: number;
  families: number;
  /** Read the Messages list with `?minPosition=` to see it. */
  position: string;
}

/** One message of the workshop's Messages list (GET /api/admin/workshops/{id}/messages), newest first. */
export interface WorkshopMessageView {
  id: string;
  workshopId: string;
  audience: MessageAudience;
  /** The session it was about (absent: the whole class). */
  session?: number;
  subject: string;
  body: string;
  /** The administrator who wrote it ("admin" when unnamed). */
  sentBy: string;
  writtenAt: string;
  /** Families it was decided for, e-mails gone, and e-mails that can never go. */
  families: number;
  sent: number;
  undeliverable: number;
}
