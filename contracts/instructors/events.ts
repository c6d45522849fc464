import { z } from 'zod';
import { AvailabilitySchema } from './availability.js';
import { InstructorIdSchema, InstructorRecordSchema } from './instructor.js';

/**
 * Every instructor's record and weekly hours live on ONE stream: a school has a handful of
 * instructors, and the workflows that place classes on their calendars read them all at once,
 * fresh, by one read. An instructor's time (lessons, parties, classes) is decided on the
 * instructor's own calendar stream (contracts/instructors/calendar.ts).
 */
export const INSTRUCTORS_STREAM = 'instructors';

const Instant = z.string().datetime({ offset: true });

export const InstructorAddedSchema = InstructorRecordSchema.extend({ addedAt: Instant });
export const InstructorUpdatedSchema = InstructorRecordSchema.extend({ updatedAt: Instant });
/** The weekly hours and the exceptions as a whole, replacing what was set before. */
export const InstructorAvailabilitySetSchema = AvailabilitySchema.extend({
  instructorId: InstructorIdSchema,
  setAt: Instant,
});

export type InstructorAdded = z.infer<typeof InstructorAddedSchema>;
export type InstructorUpdated = z.infer<typeof InstructorUpdatedSchema>;
export type InstructorAvailabilitySet = z.infer<typeof InstructorAvailabilitySetSchema>;

export type InstructorEvent =
  | { type: 'InstructorAdded'; data: InstructorAdded }
  | { type: 'InstructorUpdated'; data: InstructorUpdated }
  | { type: 'InstructorAvailabilitySet'; data: InstructorAvailabilitySet };

export const instructorEventSchemas = {
  InstructorAdded: InstructorAddedSchema,
  InstructorUpdated: InstructorUpdatedSchema,
  InstructorAvailabilitySet: InstructorAvailabilitySetSchema,
} as const;
