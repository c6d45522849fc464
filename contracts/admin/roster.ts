import { z } from 'zod';
import { EnrollmentIdSchema } from '../enrollment/events.js';
import type { ParticipantDetail } from '../enrollment/participants.js';
import { PaymentStatusSchema } from './enrollments.js';

/**
 * A participant's photography choice as the roster flags it: opted out, photos with the first name,
 * photos without a name, or no consent given (treated like an opt-out by the instructor).
 */
export const PhotographySchema = z.enum(['opt-out', 'consent-with-name', 'consent', 'no-consent']);
export type Photography = z.infer<typeof PhotographySchema>;

export const photographyOf = (
  p: Pick<ParticipantDetail, 'photographyConsent' | 'allowNameWithPhoto' | 'photographyOptOut'>,
): Photography =>
  p.photographyOptOut
    ? 'opt-out'
    : p.photographyConsent
      ? p.allowNameWithPhoto
        ? 'consent-with-name'
        : 'consent'
      : 'no-consent';

/** No photograph may show this participant. */
export const noPhotos = (p: Photography) => p === 'opt-out' || p === 'no-consent';

export const PHOTOGRAPHY_LABELS: Record<Photography, string> = {
  'opt-out': 'Opted out: no photos',
  'consent-with-name': 'Photos allowed, first name allowed',
  consent: 'Photos allowed, no name',
  'no-consent': 'No photo consent',
};

const PersonSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
const EmergencyContactSchema = z.object({ name: z.string(), phone: z.string(), relationship: z.string() });
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

/** One participant of a pending or confirmed enrollment of the workshop. */
export const RosterRowSchema = z.object({
  enrollmentId: z.string(),
  /** The participant's index in the enrollment, from 0: what the attendance call names. */
  participant: z.number().int().nonnegative(),
  name: z.string(),
  age: z.number().int().nullable(),
  grade: z.string(),
  school: z.string(),
  /** '' when the parent said there are none. */
  dietaryRestrictions: z.string(),
  photography: PhotographySchema,
  parent: PersonSchema,
  /** null when no second parent was given. */
  secondParent: PersonSchema.nullable(),
  /** The contacts given (0 to 2), in the form's order. */
  emergencyContacts: z.array(EmergencyContactSchema),
  specialRequirements: z.string(),
  status: z.enum(['pending', 'confirmed']),
  paymentStatus: PaymentStatusSchema,
  /** null until an administrator marks it. */
  present: z.boolean().nullable(),
});
export type RosterRow = z.infer<typeof RosterRowSchema>;

/** GET /api/admin/workshops/{id}/roster: the workshop and one row per participant, by name. */
export const RosterSchema = z.object({
  workshop: z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
    instructor: z.string(),
    capacity: z.number().int(),
  }),
  rows: z.array(RosterRowSchema),
});
export type Roster = z.infer<typeof RosterSchema>;

/** POST /api/admin/workshops/{id}/attendance */
export const AttendanceRequestSchema = z
  .object({
    enrollmentId: EnrollmentIdSchema,
    participant: z
      .number({ error: 'participant must be the participant’s index, a whole number from 0.' })
      .int('participant must be a whole number from 0.')
      .nonnegative('participant must be a whole number from 0.'),
    present: z.boolean({ error: 'present must be true or false.' }),
  })
  .strict();
export type AttendanceRequest = z.infer<typeof AttendanceRequestSchema>;

/** The answer: what was recorded, and the position to read the roster at. */
export const AttendanceResultSchema = z.object({
  enrollmentId: z.string(),
  participant: z.number().int(),
  present: z.boolean(),
  position: z.string(),
});
export type AttendanceResult = z.infer<typeof AttendanceResultSchema>;
