import { z } from 'zod';
import { WorkshopCategorySchema } from '../catalogue/workshop.js';

/** Money as the forms enter it: whole cents (step 0.01), never negative. */
const price = z
  .number({ error: 'Price is required.' })
  .nonnegative('Price cannot be negative.')
  .max(100_000, 'Price must be at most 100,000.')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Price must be in whole cents (step 0.01).');

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * An image shipped with the site ("/images/...") or an https address; anything else (javascript:,
 * data:) is refused because the public pages put it in an <img src>.
 */
const image = z
  .string()
  .trim()
  .max(300, 'Image must be at most 300 characters.')
  .refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), 'Image must be a site path (/images/...) or an https:// address.')
  .optional();

/** POST and PUT /api/admin/programs: the specification's program form. */
export const AdminProgramInputSchema = z.object({
  title: text('Title', 200),
  description: text('Description', 2000),
  category: text('Category', 60),
  price,
  image,
});
export type AdminProgramInput = z.infer<typeof AdminProgramInputSchema>;

/**
 * The date as the form sends it: an instant with its offset, or a wall-clock time
 * ("2025-06-07T12:30") that is read in the school's time zone.
 */
export const AdminDateTimeSchema = z
  .string({ error: 'Date and time is required.' })
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
    'Date and time must look like 2025-06-07T12:30.',
  );

/** POST and PUT /api/admin/workshops: the specification's workshop form. */
export const AdminWorkshopInputSchema = z.object({
  title: text('Title', 200),
  description: text('Description', 2000),
  category: WorkshopCategorySchema,
  date: AdminDateTimeSchema,
  time: text('Time', 100),
  location: text('Location', 300),
  price,
  capacity: z
    .number({ error: 'Capacity is required.' })
    .int('Capacity must be a whole number.')
    .positive('Capacity must be at least 1.')
    .max(10_000, 'Capacity must be at most 10,000.'),
  /**
   * Sent by the specification's form; ignored. Spots remaining follow from capacity and the seats
   * that enrollments hold, so an administrator cannot make them disagree.
   */
  spotsRemaining: z.number().optional(),
});
export type AdminWorkshopInput = z.infer<typeof AdminWorkshopInputSchema>;

/** What the admin catalogue writes answer: the record's id and the feed position to wait for. */
export const AdminWriteResultSchema = z.object({ id: z.string(), position: z.string() });
export type AdminWriteResult = z.infer<typeof AdminWriteResultSchema>;
