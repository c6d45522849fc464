import { z } from 'zod';
import type { FormValues } from '../core/form-values.js';
import {
  describesDietaryRestrictions,
  evenWithOtherErrors,
  MESSAGES,
  optionalArea,
  withPhotographyRules,
} from '../enrollment/fields.js';
import { STRICT_PARTICIPANT_SHAPE } from '../enrollment/participants.js';
import { isCalendarDay } from './age.js';

/** A child's id in a family account (random, no personal data). */
export const ChildIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a child id');

export const DATE_OF_BIRTH_MESSAGES = {
  required: 'Date of birth is required.',
  format: 'Please enter the date of birth as a date, e.g. 2017-04-23.',
  future: 'The date of birth cannot be in the future.',
  tooOld: 'Please check the year of birth.',
} as const;

export const DateOfBirthSchema = z
  .string({ error: DATE_OF_BIRTH_MESSAGES.required })
  .trim()
  .min(1, DATE_OF_BIRTH_MESSAGES.required)
  .refine(isCalendarDay, DATE_OF_BIRTH_MESSAGES.format)
  .refine((v) => v >= '1900-01-01', DATE_OF_BIRTH_MESSAGES.tooOld);

/**
 * A child saved in a family account, as `POST`/`PUT /api/account/children` take it: the enroll
 * form's rules for each child of the stricter categories (name, grade, school, dietary
 * restrictions and photography choices from STRICT_PARTICIPANT_SHAPE: one source), with the date
 * of birth instead of an age and the medical notes beside them.
 */
const { age: _age, ...childRules } = STRICT_PARTICIPANT_SHAPE;
export const ChildInputSchema = z
  .object({
    ...childRules,
    dateOfBirth: DateOfBirthSchema,
    medicalNotes: optionalArea('Medical notes', 2000),
  })
  .refine(describesDietaryRestrictions, {
    path: ['dietaryRestrictions'],
    message: MESSAGES.dietaryRestrictions,
    ...evenWithOtherErrors,
  })
  .transform(withPhotographyRules);
export type ChildInput = z.input<typeof ChildInputSchema>;
export type ChildValues = FormValues<typeof ChildInputSchema>;

/** The stored shape (events, read models). `dateOfBirth` is null for a child added from a booking, until given. */
export const ChildDataSchema = z.object({
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  grade: z.string(),
  school: z.string(),
  hasDietaryRestrictions: z.boolean(),
  dietaryRestrictions: z.string(),
  medicalNotes: z.string(),
  photographyConsent: z.boolean(),
  allowNameWithPhoto: z.boolean(),
  photographyOptOut: z.boolean(),
});
export type ChildData = z.infer<typeof ChildDataSchema>;

export const EMPTY_CHILD: ChildValues = {
  name: '',
  dateOfBirth: '',
  grade: '',
  school: '',
  hasDietaryRestrictions: false,
  dietaryRestrictions: '',
  medicalNotes: '',
  photographyConsent: false,
  allowNameWithPhoto: false,
  photographyOptOut: false,
};

export const CHILD_FIELD_WORDS: Record<keyof ChildData, string> = {
  name: 'name',
  dateOfBirth: 'date of birth',
  grade: 'grade',
  school: 'school',
  hasDietaryRestrictions: 'dietary restrictions (yes/no)',
  dietaryRestrictions: 'dietary restrictions',
  medicalNotes: 'medical notes',
  photographyConsent: 'photo consent',
  allowNameWithPhoto: 'name with photo',
  photographyOptOut: 'photography opt-out',
};

/** Which fields differ, for the history (names fields, never values). */
export const changedChildFields = (a: ChildData, b: ChildData): (keyof ChildData)[] =>
  (Object.keys(CHILD_FIELD_WORDS) as (keyof ChildData)[]).filter((k) => a[k] !== b[k]);
