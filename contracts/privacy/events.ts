import { z } from 'zod';

/**
 * Events of the stream `privacy-<subjectId>`: what was erased of one data subject, and when. They
 * name the subject by its id (a pseudonym) only: the record of an erasure holds nothing of what it
 * erased.
 */
export const PRIVACY_STREAM_PREFIX = 'privacy-';
export const privacyStream = (subjectId: string) => `${PRIVACY_STREAM_PREFIX}${subjectId}`;

const Instant = z.string().datetime({ offset: true });
export const SubjectIdSchema = z.string().regex(/^[A-Za-z0-9_:-]{8,120}$/, 'is not a data subject id');

/**
 * Every key of the subject was destroyed: its names, e-mails, phones, children's details and free
 * text read as "Erased" from now on, in every event written before. `by`: the school (an
 * administrator, named in the metadata) or the family itself.
 */
export const PersonalDataErasedSchema = z.object({
  subjectId: SubjectIdSchema,
  at: Instant,
  by: z.enum(['school', 'family']),
});
export type PersonalDataErased = z.infer<typeof PersonalDataErasedSchema>;

/**
 * The safety details of one booking (the children's dietary and medical notes, the emergency
 * contacts) were erased SAFETY_DATA_RETENTION_DAYS after its last session, none of its children
 * having a later booking. Once per booking; names, bookings and money are kept.
 */
export const SafetyDataErasedSchema = z.object({
  subjectId: SubjectIdSchema,
  enrollmentId: z.string().min(1),
  /** The start of the booking's last session, from which the retention period ran. */
  lastSessionAt: Instant,
  retentionDays: z.number().int().positive(),
  at: Instant,
});
export type SafetyDataErased = z.infer<typeof SafetyDataErasedSchema>;

/**
 * Stream `access-log-<YYYY-MM-DD>` (the day in UTC): an administrator read personal data: a roster,
 * its CSV or an enrollment in full; and (issue 36) the tracker's list or search, its CSV, an
 * enrollment's history, the gift cards sold, a workshop's waitlist, the inbox. Who is
 * `metadata.administrator`; the record names what was read by id only, never what was searched for.
 */
export const ACCESS_LOG_STREAM_PREFIX = 'access-log-';
export const accessLogStream = (at: Date) => `${ACCESS_LOG_STREAM_PREFIX}${at.toISOString().slice(0, 10)}`;
export const ACCESS_KINDS = [
  'roster',
  'roster-csv',
  'enrollment',
  'tracker',
  'tracker-csv',
  'enrollment-history',
  'gift-cards',
  'waitlist',
  'inquiries',
  'dashboard',
  /** The organizations list: their contacts (issue 39). */
  'organizations',
  /** Every review, with the families' words (issue 40). */
  'reviews',
] as const;
export const AccessKindSchema = z.enum(ACCESS_KINDS);
export type AccessKind = z.infer<typeof AccessKindSchema>;
export const PersonalDataReadSchema = z.object({
  kind: AccessKindSchema,
  /** The workshop of a roster, or the enrollment read in full. */
  workshopId: z.string().min(1).optional(),
  enrollmentId: z.string().min(1).optional(),
  /** The tracker and its CSV: whether a search narrowed it (what was searched for is not kept). */
  search: z.boolean().optional(),
  at: Instant,
});
export type PersonalDataRead = z.infer<typeof PersonalDataReadSchema>;

export const privacyEventSchemas = {
  PersonalDataErased: PersonalDataErasedSchema,
  SafetyDataErased: SafetyDataErasedSchema,
  PersonalDataRead: PersonalDataReadSchema,
} as const;

export type PrivacyEvent =
  | { type: 'PersonalDataErased'; data: PersonalDataErased }
  | { type: 'SafetyDataErased'; data: SafetyDataErased }
  | { type: 'PersonalDataRead'; data: PersonalDataRead };
