import { z } from 'zod';
import { RoomIdSchema } from './location.js';

/**
 * The stream that owns one room's time, `room-<roomId>`: every class (each session of a course)
 * held in the room is decided on it with the stream's expected revision, so two never overlap
 * (docs/decisions/105-locations-and-room-time.md). A booking is keyed by what holds the room (a
 * workshop's id) and replaced as a whole when it changes.
 */
export const roomStream = (roomId: string) => `room-${roomId}`;

const Instant = z.string().datetime({ offset: true });
export const RoomSpanSchema = z.object({ startsAt: Instant, endsAt: Instant });
export type RoomSpan = z.infer<typeof RoomSpanSchema>;

const BookingId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** What holds the room then: a class now; lessons and parties may follow (issue 41 item 2). */
export const RoomBookingKindSchema = z.enum(['class']);

export const RoomTimeBookedSchema = z.object({
  roomId: RoomIdSchema,
  bookingId: BookingId,
  kind: RoomBookingKindSchema,
  title: z.string().min(1).max(200),
  spans: z.array(RoomSpanSchema).min(1).max(50),
  bookedAt: Instant,
});
export const RoomTimeFreedSchema = z.object({ roomId: RoomIdSchema, bookingId: BookingId, freedAt: Instant });

export type RoomTimeBooked = z.infer<typeof RoomTimeBookedSchema>;
export type RoomTimeFreed = z.infer<typeof RoomTimeFreedSchema>;

export type RoomTimeEvent =
  { type: 'RoomTimeBooked'; data: RoomTimeBooked } | { type: 'RoomTimeFreed'; data: RoomTimeFreed };

export const roomTimeEventSchemas = {
  RoomTimeBooked: RoomTimeBookedSchema,
  RoomTimeFreed: RoomTimeFreedSchema,
} as const;
