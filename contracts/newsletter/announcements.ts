import { z } from 'zod';

/**
 * Events of the stream `announcement-<id>`: one announcement the owner wrote to the newsletter's
 * subscribers, the tests she sent herself, the send she asked for, and each address it reached,
 * by the address's keyed hash (once each): the school's words and hashes, no one's address.
 * `metadata.administrator` of the writing and the send records who sent which announcement.
 */
export const ANNOUNCEMENT_STREAM_PREFIX = 'announcement-';
export const announcementStream = (announcementId: string) => `${ANNOUNCEMENT_STREAM_PREFIX}${announcementId}`;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an announcement id');
const Key = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const Instant = z.string().datetime({ offset: true });

export const AnnouncementWrittenSchema = z.object({
  announcementId: Id,
  subject: z.string().min(1),
  body: z.string().min(1),
  /** A location or program the announcement is about (shown in the list); every subscriber receives it. */
  audience: z.string().min(1).optional(),
  writtenAt: Instant,
});
export type AnnouncementWritten = z.infer<typeof AnnouncementWrittenSchema>;

/** The owner asked for a test to herself (OWNER_EMAIL, else the school's address). */
export const AnnouncementTestRequestedSchema = z.object({ announcementId: Id, testId: Id, at: Instant });

/** The owner sent it: the sending pass delivers it at `perMinute` at most. */
export const AnnouncementSendRequestedSchema = z.object({
  announcementId: Id,
  perMinute: z.number().int().positive(),
  at: Instant,
});

/** One subscriber's message left (or was passed over: unsubscribed meanwhile), once per address. */
export const AnnouncementDeliveredSchema = z.object({
  announcementId: Id,
  subscriberKey: Key,
  outcome: z.enum(['sent', 'skipped']),
  at: Instant,
});

/** Every subscriber of the list was reached. */
export const AnnouncementSendCompletedSchema = z.object({
  announcementId: Id,
  sent: z.number().int().nonnegative(),
  at: Instant,
});

export const announcementEventSchemas = {
  AnnouncementWritten: AnnouncementWrittenSchema,
  AnnouncementTestRequested: AnnouncementTestRequestedSchema,
  AnnouncementSendRequested: AnnouncementSendRequestedSchema,
  AnnouncementDelivered: AnnouncementDeliveredSchema,
  AnnouncementSendCompleted: AnnouncementSendCompletedSchema,
} as const;

export type AnnouncementEvent =
  | { type: 'AnnouncementWritten'; data: AnnouncementWritten }
  | { type: 'AnnouncementTestRequested'; data: z.infer<typeof AnnouncementTestRequestedSchema> }
  | { type: 'AnnouncementSendRequested'; data: z.infer<typeof AnnouncementSendRequestedSchema> }
  | { type: 'AnnouncementDelivered'; data: z.infer<typeof AnnouncementDeliveredSchema> }
  | { type: 'AnnouncementSendCompleted'; data: z.infer<typeof AnnouncementSendCompletedSchema> };

export const ANNOUNCEMENT_EVENT_TYPES = [
  'AnnouncementWritten',
  'AnnouncementTestRequested',
  'AnnouncementSendRequested',
  'AnnouncementDelivered',
  'AnnouncementSendCompleted',
] as const satisfies readonly AnnouncementEvent['type'][];

/** `POST /api/admin/announcements`. */
export const WriteAnnouncementSchema = z.strictObject({
  subject: z
    .string({ error: 'Write a subject.' })
    .trim()
    .min(1, 'Write a subject.')
    .max(200, 'Keep the subject under 200 characters.'),
  body: z
    .string({ error: 'Write the announcement.' })
    .trim()
    .min(1, 'Write the announcement.')
    .max(20_000, 'Keep the announcement under 20,000 characters.'),
  audience: z.string().trim().min(1, 'Name the location or program, or leave it out.').max(200).optional(),
});
export type WriteAnnouncement = z.infer<typeof WriteAnnouncementSchema>;

/** `POST /api/admin/announcements/preview { subject, body }` → the e-mail as a subscriber will read it (nothing saved). */
export interface AnnouncementPreview {
  subject: string;
  html: string;
  text: string;
}

/** `GET /api/admin/announcements/audiences`: the programs and locations families have booked, to choose an audience from. */
export interface AnnouncementAudiences {
  programs: string[];
  locations: string[];
}

/** One row of `GET /api/admin/announcements` ({ announcements }): what was written, its audience, and how far its sending got. */
export interface AnnouncementView {
  id: string;
  subject: string;
  body: string;
  audience: string | null;
  status: 'draft' | 'sending' | 'sent';
  writtenAt: string;
  sendRequestedAt: string | null;
  tests: number;
  sent: number;
  skipped: number;
  completedAt: string | null;
}
