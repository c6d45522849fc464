import { z } from 'zod';

/**
 * The e-mails that tell a family its calendar changed with an absence or a make-up (issue 37), one
 * per event, on the stream `attendance-mail-<enrollmentId>`: a delivery again finds the event's
 * key and sends nothing; each carries the next calendar SEQUENCE.
 */
export const attendanceMailStream = (enrollmentId: string) => `attendance-mail-${enrollmentId}`;

export const AttendanceCalendarSentSchema = z.object({
  enrollmentId: z.string().min(1),
  /** The event it was about: `<type>@<position>`. */
  key: z.string().min(1),
  messageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  /** The calendar revision it carried, above every one sent before. */
  sequence: z.number().int().min(0),
  sentAt: z.string().datetime({ offset: true }),
});
export type AttendanceCalendarSent = z.infer<typeof AttendanceCalendarSentSchema>;

export const attendanceMailEventSchemas = { AttendanceCalendarSent: AttendanceCalendarSentSchema } as const;
export type AttendanceMailEvent = { type: 'AttendanceCalendarSent'; data: AttendanceCalendarSent };
