import { z } from 'zod';
import { oneLineText } from '../core/text.js';
import { AppointmentKindSchema } from '../instructors/calendar.js';
import { InstructorIdSchema } from '../instructors/instructor.js';

export const AppointmentTypeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an appointment type id (letters, digits, - and _).');

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

const cents = (label: string) => whole(label, 0, 10_000_000);

/** A party's guests: how many may come and what each costs. */
export const GuestRulesSchema = z
  .object({
    min: whole('Guests min', 1, 100),
    max: whole('Guests max', 1, 100),
    priceCentsPerGuest: cents('Price per guest'),
  })
  .refine((g) => g.max >= g.min, { path: ['max'], message: 'must be at least min.' });

/** A pack of lessons sold at once (issue 38 item 7): `count` lessons for `priceCents`. */
export const PackOfferSchema = z.object({ count: whole('Pack count', 2, 50), priceCents: cents('Pack price') });

/**
 * POST and PUT /api/admin/appointment-types: a private lesson or a party sold against the
 * instructors' availability. Buffers, minimum notice, daily cap and horizon shape the slots.
 */
export const AppointmentTypeInputSchema = z
  .object({
    title: oneLineText('Title').trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
    kind: AppointmentKindSchema,
    minutes: whole('Minutes', 15, 8 * 60),
    priceCents: cents('Price'),
    bufferMinutes: whole('Buffer minutes', 0, 240),
    minNoticeHours: whole('Minimum notice hours', 0, 24 * 60),
    maxPerDay: whole('Most per day', 1, 50).optional(),
    horizonDays: whole('Horizon days', 1, 366),
    instructorIds: z.array(InstructorIdSchema).min(1, 'Choose at least one instructor.').max(50),
    programId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,120}$/, 'must be a program id.')
      .optional(),
    guests: GuestRulesSchema.optional(),
    depositCents: cents('Deposit').optional(),
    packs: z.array(PackOfferSchema).max(5).optional(),
    packValidDays: whole('Pack valid days', 1, 3 * 366).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.kind === 'party' && !t.guests)
      ctx.addIssue({ code: 'custom', path: ['guests'], message: 'A party says how many guests may come.' });
    if (t.kind === 'lesson' && t.guests)
      ctx.addIssue({ code: 'custom', path: ['guests'], message: 'Only a party has guests.' });
    if (new Set(t.instructorIds).size !== t.instructorIds.length)
      ctx.addIssue({ code: 'custom', path: ['instructorIds'], message: 'Name each instructor once.' });
    if (t.packs && t.packs.length > 0) {
      // A pack's code pays a whole lesson: a party's guests and deposit would be left to pay.
      if (t.kind !== 'lesson')
        ctx.addIssue({ code: 'custom', path: ['packs'], message: 'Only a lesson is sold in packs.' });
      if (t.packValidDays === undefined)
        ctx.addIssue({ code: 'custom', path: ['packValidDays'], message: 'Say for how many days a pack can be used.' });
      const counts = t.packs.map((p) => p.count);
      const twice = counts.findIndex((c, i) => counts.indexOf(c) !== i);
      if (twice >= 0)
        ctx.addIssue({ code: 'custom', path: ['packs', twice, 'count'], message: 'Offer each pack size once.' });
    }
  });
export type AppointmentTypeInput = z.infer<typeof AppointmentTypeInputSchema>;

/** One appointment type as its events carry it and the API answers it. */
export const AppointmentTypeSchema = z.object({
  id: AppointmentTypeIdSchema,
  title: z.string(),
  kind: AppointmentKindSchema,
  minutes: z.number().int(),
  priceCents: z.number().int(),
  bufferMinutes: z.number().int(),
  minNoticeHours: z.number().int(),
  maxPerDay: z.number().int().optional(),
  horizonDays: z.number().int(),
  instructorIds: z.array(z.string()),
  programId: z.string().optional(),
  guests: z.object({ min: z.number().int(), max: z.number().int(), priceCentsPerGuest: z.number().int() }).optional(),
  depositCents: z.number().int().optional(),
  packs: z.array(z.object({ count: z.number().int(), priceCents: z.number().int() })).optional(),
  packValidDays: z.number().int().optional(),
});
export type AppointmentType = z.infer<typeof AppointmentTypeSchema>;

export const APPOINTMENT_TYPES_STREAM = 'appointment-types';

export const AppointmentTypeSavedSchema = z.object({
  type: AppointmentTypeSchema,
  savedAt: z.string().datetime({ offset: true }),
});
export type AppointmentTypeSaved = z.infer<typeof AppointmentTypeSavedSchema>;

export type AppointmentTypeEvent =
  | { type: 'AppointmentTypeAdded'; data: AppointmentTypeSaved }
  | { type: 'AppointmentTypeUpdated'; data: AppointmentTypeSaved };

export const appointmentTypeEventSchemas = {
  AppointmentTypeAdded: AppointmentTypeSavedSchema,
  AppointmentTypeUpdated: AppointmentTypeSavedSchema,
} as const;

/** One row of GET /api/appointment-types/:id/slots. */
export const SlotViewSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  instructorId: z.string(),
  instructorName: z.string(),
});
export type SlotView = z.infer<typeof SlotViewSchema>;

/** GET /api/appointment-types?programId=: what a parent may book, and with whom. */
export const PublicAppointmentTypeSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: AppointmentKindSchema,
  minutes: z.number().int(),
  priceCents: z.number().int(),
  programId: z.string().optional(),
  guests: z.object({ min: z.number().int(), max: z.number().int(), priceCentsPerGuest: z.number().int() }).optional(),
  depositCents: z.number().int().optional(),
  /** The packs of lessons sold (issue 38 item 7) and for how many days after buying one it can be used. */
  packs: z.array(z.object({ count: z.number().int(), priceCents: z.number().int() })).optional(),
  packValidDays: z.number().int().optional(),
  horizonDays: z.number().int(),
  instructors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicAppointmentType = z.infer<typeof PublicAppointmentTypeSchema>;

export const PublicAppointmentTypesQuerySchema = z.object({
  programId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,120}$/, 'must be a program id.')
    .optional(),
});
