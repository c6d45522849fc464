import { z } from 'zod';
import { WorkshopCategorySchema, type WorkshopCategory } from '../catalogue/workshop.js';
import type { FormValues } from '../core/form-values.js';
import { multiLineText, oneLineText } from '../core/text.js';

/** Money as the forms enter it: whole cents (step 0.01), never negative. */
const price = z
  .number({ error: 'Price is required.' })
  .nonnegative('Price cannot be negative.')
  .max(100_000, 'Price must be at most 100,000.')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Price must be in whole cents (step 0.01).');

const text = (label: string, max: number) =>
  oneLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
/** Descriptions keep their line breaks. */
const area = (label: string, max: number) =>
  multiLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * An image shipped with the site ("/images/...") or an https address; anything else (javascript:,
 * data:) is refused because the public pages put it in an <img src>.
 */
const image = oneLineText('Image')
  .trim()
  .max(300, 'Image must be at most 300 characters.')
  .refine(
    (v) => v === '' || v.startsWith('/') || v.startsWith('https://'),
    'Image must be a site path (/images/...) or an https:// address.',
  )
  .optional();

/** POST and PUT /api/admin/programs: the specification's program form. */
export const AdminProgramInputSchema = z.object({
  title: text('Title', 200),
  description: area('Description', 2000),
  category: text('Category', 60),
  price,
  image,
});
export type AdminProgramInput = z.infer<typeof AdminProgramInputSchema>;
/** The program form's values; a price not yet entered is NaN (react-aria NumberField). */
export type AdminProgramValues = FormValues<typeof AdminProgramInputSchema>;
export const EMPTY_PROGRAM_FORM: AdminProgramValues = {
  title: '',
  description: '',
  category: '',
  price: Number.NaN,
  image: '',
};

export const ADMIN_YEAR_MIN = 1900;
export const ADMIN_YEAR_MAX = 2200;
const DATE_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The date as the form sends it: an instant with its offset, or a wall-clock time
 * ("2025-06-07T12:30") that is read in the school's time zone. The year is kept to 1900-2200 and
 * an offset to whole minutes: before 1883 the school's zone ran on local mean time, whose offset
 * has seconds that no stored date may carry.
 */
export const AdminDateTimeSchema = z
  .string({ error: 'Date and time is required.' })
  .trim()
  .superRefine((value, ctx) => {
    const m = DATE_TIME.exec(value);
    const problem = !m
      ? 'Date and time must look like 2025-06-07T12:30.'
      : m[3]
        ? 'Date and time must have a UTC offset in whole minutes, e.g. -05:00.'
        : Number(m[1]) < ADMIN_YEAR_MIN || Number(m[1]) > ADMIN_YEAR_MAX
          ? `Date and time must be in a year from ${ADMIN_YEAR_MIN} to ${ADMIN_YEAR_MAX}.`
          : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The category as the form's select holds it: '' until one is chosen. Nothing chosen is "required";
 * a value outside the list keeps the enum's own message, which lists the allowed ones.
 */
const category = z.preprocess(
  (v: WorkshopCategory | '' | undefined) => (v === '' ? undefined : v),
  z.enum(WorkshopCategorySchema.options, {
    error: (issue) => (issue.input === undefined ? 'Category is required.' : undefined),
  }),
);

/** The specification's workshop form, as the administrator fills it in. */
export const AdminWorkshopFormSchema = z.object({
  title: text('Title', 200),
  description: area('Description', 2000),
  category,
  date: AdminDateTimeSchema,
  time: text('Time', 100),
  location: text('Location', 300),
  price,
  capacity: z
    .number({ error: 'Capacity is required.' })
    .int('Capacity must be a whole number.')
    .positive('Capacity must be at least 1.')
    .max(10_000, 'Capacity must be at most 10,000.'),
});
/** The workshop form's values; price and capacity not yet entered are NaN. */
export type AdminWorkshopValues = FormValues<typeof AdminWorkshopFormSchema>;
export const EMPTY_WORKSHOP_FORM: AdminWorkshopValues = {
  title: '',
  description: '',
  category: '',
  date: '',
  time: '',
  location: '',
  price: Number.NaN,
  capacity: Number.NaN,
};

/** POST and PUT /api/admin/workshops: the form's fields, as the specification sends them. */
export const AdminWorkshopInputSchema = AdminWorkshopFormSchema.extend({
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
