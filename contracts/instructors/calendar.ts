import { z } from 'zod';
import { CheckoutHoldsSchema } from '../catalogue/events.js';
import { InstructorIdSchema } from './instructor.js';

/**
 * The stream that owns one instructor's time, `instructor-calendar-<instructorId>`: every lesson and
 * party held or booked with them and every class session they teach is decided on it, with the
 * stream's expected revision, so two of them never overlap (docs/decisions/053-an-instructors-time.md).
 * Times are instants with their offset; the school's day of each is derived on the school's clock.
 */
export const calendarStream = (instructorId: string) => `instructor-calendar-${instructorId}`;
export const CALENDAR_STREAM_PREFIX = 'instructor-calendar-';

export const APPOINTMENT_KINDS = ['lesson', 'party'] as const;
export const AppointmentKindSchema = z.enum(APPOINTMENT_KINDS);
export type AppointmentKind = z.infer<typeof AppointmentKindSchema>;

const Instant = z.string().datetime({ offset: true });
/** An appointment is an enrollment of an appointment type: its id is the enrollment's. */
const AppointmentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Span = { startsAt: Instant, endsAt: Instant };
export const TimeSpanSchema = z.object(Span);
export type TimeSpan = z.infer<typeof TimeSpanSchema>;

/**
 * A time held for an appointment being booked (like a seat: until `expiresAt` unless paid, or
 * without end when nothing is due by card). `bufferMinutes` is the type's: the time kept free
 * between it and anything else. `checkout`: what its checkout asked of other streams, given back
 * if the booking is never recorded.
 */
export const AppointmentSlotHeldSchema = z.object({
  instructorId: InstructorIdSchema,
  appointmentId: AppointmentId,
  typeId: z.string().min(1).max(64),
  kind: AppointmentKindSchema,
  ...Span,
  bufferMinutes: z.number().int().min(0).max(240),
  expiresAt: Instant.nullable(),
  checkout: CheckoutHoldsSchema.optional(),
  heldAt: Instant,
});

/** The appointment was sold: its time is the instructor's for good (until cancelled or moved). */
export const AppointmentSlotBookedSchema = z.object({
  instructorId: InstructorIdSchema,
  appointmentId: AppointmentId,
  typeId: z.string().min(1).max(64),
  kind: AppointmentKindSchema,
  ...Span,
  bufferMinutes: z.number().int().min(0).max(240),
  bookedAt: Instant,
});

/** The time is free again: the hold lapsed, the booking was cancelled or never recorded. */
export const AppointmentSlotReleasedSchema = z.object({
  instructorId: InstructorIdSchema,
  appointmentId: AppointmentId,
  ...Span,
  reason: z.enum(['expired', 'cancelled', 'refused', 'refunded']),
  releasedAt: Instant,
});

/**
 * A reschedule, decided once: the new time taken and the old one freed in the same event, so the
 * old slot is never free before the new one is held. `moveId` names it (asked once).
 */
export const AppointmentSlotMovedSchema = z.object({
  instructorId: InstructorIdSchema,
  appointmentId: AppointmentId,
  moveId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  typeId: z.string().min(1).max(64),
  kind: AppointmentKindSchema,
  bufferMinutes: z.number().int().min(0).max(240),
  status: z.enum(['held', 'booked']),
  /** A hold's end, kept as it was (null once sold). */
  expiresAt: Instant.nullable(),
  from: TimeSpanSchema,
  ...Span,
  /** Who asked: the parent from the booking page, or the office. */
  by: z.enum(['parent', 'office']),
  movedAt: Instant,
});

/** A workshop's sessions this instructor teaches, replacing what it held before (`replaced`). */
export const ClassTimeBlockedSchema = z.object({
  instructorId: InstructorIdSchema,
  workshopId: z.string().min(1).max(64),
  sessions: z.array(TimeSpanSchema).max(20),
  replaced: z.array(TimeSpanSchema).max(20),
  blockedAt: Instant,
});

/** The workshop is removed, or taught by someone else now: its sessions free this instructor's time. */
export const ClassTimeFreedSchema = z.object({
  instructorId: InstructorIdSchema,
  workshopId: z.string().min(1).max(64),
  sessions: z.array(TimeSpanSchema).max(20),
  freedAt: Instant,
});

/** The instructor was e-mailed about an appointment (booked, moved, cancelled): one e-mail per `ref`. */
export const InstructorNotifiedSchema = z.object({
  instructorId: InstructorIdSchema,
  appointmentId: AppointmentId,
  ref: z.string().min(1).max(120),
  kind: z.enum(['booked', 'moved', 'cancelled']),
  messageId: z.string().min(1).max(300),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

export type AppointmentSlotHeld = z.infer<typeof AppointmentSlotHeldSchema>;
export type AppointmentSlotMoved = z.infer<typeof AppointmentSlotMovedSchema>;
export type ClassTimeBlocked = z.infer<typeof ClassTimeBlockedSchema>;

export type CalendarEvent =
  | { type: 'AppointmentSlotHeld'; data: AppointmentSlotHeld }
  | { type: 'AppointmentSlotBooked'; data: z.infer<typeof AppointmentSlotBookedSchema> }
  | { type: 'AppointmentSlotReleased'; data: z.infer<typeof AppointmentSlotReleasedSchema> }
  | { type: 'AppointmentSlotMoved'; data: AppointmentSlotMoved }
  | { type: 'ClassTimeBlocked'; data: ClassTimeBlocked }
  | { type: 'ClassTimeFreed'; data: z.infer<typeof ClassTimeFreedSchema> }
  | { type: 'InstructorNotified'; data: z.infer<typeof InstructorNotifiedSchema> };

export const calendarEventSchemas = {
  AppointmentSlotHeld: AppointmentSlotHeldSchema,
  AppointmentSlotBooked: AppointmentSlotBookedSchema,
  AppointmentSlotReleased: AppointmentSlotReleasedSchema,
  AppointmentSlotMoved: AppointmentSlotMovedSchema,
  ClassTimeBlocked: ClassTimeBlockedSchema,
  ClassTimeFreed: ClassTimeFreedSchema,
  InstructorNotified: InstructorNotifiedSchema,
} as const;

/** What keeps a span of the instructor's day, as the day view and the slot query read it. */
export const BusyEntrySchema = z.object({
  /** The appointment's (enrollment's) id, or the workshop's for a class. */
  id: z.string(),
  kind: z.enum(['lesson', 'party', 'class']),
  typeId: z.string().optional(),
  ...Span,
  bufferMinutes: z.number().int().nonnegative(),
  status: z.enum(['held', 'booked']),
  /** A hold's end, after which its time is free again (null: held until it is confirmed). */
  expiresAt: z.string().nullable(),
});
export type BusyEntry = z.infer<typeof BusyEntrySchema>;
