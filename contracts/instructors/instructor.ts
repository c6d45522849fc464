import { z } from 'zod';
import { emailAddress, oneLineText, multiLineText, personName } from '../core/text.js';
import { AvailabilitySchema } from './availability.js';

export const InstructorIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an instructor id (letters, digits, - and _).');

const name = personName('Name', { error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');
const email = emailAddress().transform((v) => v.toLowerCase());
/** A picture shipped with the site or an https address (it goes into an <img src>). */
const photo = oneLineText('Photo')
  .trim()
  .max(300, 'Photo must be at most 300 characters.')
  .refine(
    (v) => v === '' || v.startsWith('/') || v.startsWith('https://'),
    'Photo must be a site path (/images/...) or an https:// address.',
  );

/**
 * What the school pays an instructor (issue 42): an amount in cents per class session taught, or
 * per hour of class taught. Absent: no rate set, the instructors' report shows no pay.
 */
export const PayRateSchema = z.object({
  per: z.enum(['session', 'hour'], { error: 'must be session or hour' }),
  cents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(0, 'must not be negative')
    .max(10_000_000, 'must be at most $100,000'),
});
export type PayRate = z.infer<typeof PayRateSchema>;

/** POST and PUT /api/admin/instructors: '' clears the bio or the photo; a PUT without `payRate` clears it. */
export const InstructorInputSchema = z.object({
  name,
  email,
  bio: multiLineText('Bio').trim().max(2000, 'Bio must be at most 2,000 characters.').optional(),
  photo: photo.optional(),
  payRate: PayRateSchema.optional(),
});
export type InstructorInput = z.infer<typeof InstructorInputSchema>;

/** An instructor's record as its events carry it. */
export const InstructorRecordSchema = z.object({
  instructorId: InstructorIdSchema,
  name: z.string().min(1).max(100),
  email: z.string().min(1).max(254),
  bio: z.string().max(2000).optional(),
  photo: z.string().max(300).optional(),
  /** Added with the instructors' report (issue 42): absent, none set. */
  payRate: PayRateSchema.optional(),
});
export type InstructorRecord = z.infer<typeof InstructorRecordSchema>;

/** One row of GET /api/admin/instructors (and the `instructors` read model). */
export const InstructorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  photo: z.string(),
  availability: AvailabilitySchema,
  addedAt: z.string(),
  /** Only when one is set. */
  payRate: PayRateSchema.optional(),
});
export type InstructorView = z.infer<typeof InstructorViewSchema>;

/** What a parent sees of an instructor (the booking page's picker): never the e-mail. */
export const PublicInstructorSchema = InstructorViewSchema.pick({ id: true, name: true, bio: true, photo: true });
export type PublicInstructor = z.infer<typeof PublicInstructorSchema>;

/** The admin writes' answer: the record's id and the feed position to read from (?minPosition). */
export const InstructorWriteResultSchema = z.object({ id: z.string(), position: z.string() });
export type InstructorWriteResult = z.infer<typeof InstructorWriteResultSchema>;

/**
 * How a person's name is compared: Unicode-normalised (NFKC), spaces at the ends dropped, runs of
 * spaces counted as one, letter case ignored (as contracts/admin/roles.ts compares an instructor).
 */
const nameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The instructor record a workshop is taught by: its `instructorId`, or, for a workshop written
 * before instructors were records (free text only), the one record of that name. Null when none.
 */
export function instructorIdOf(
  workshop: { instructorId?: string; instructor?: string },
  instructors: readonly { id: string; name: string }[],
): string | null {
  if (workshop.instructorId) return workshop.instructorId;
  const key = nameKey(workshop.instructor ?? '');
  if (key === '') return null;
  const named = instructors.filter((i) => nameKey(i.name) === key);
  return named.length === 1 ? named[0]!.id : null;
}
