import { z } from 'zod';
import { hasVisibleLetter, multiLineText, oneLineText, personName } from '../core/text.js';

/**
 * The building blocks of the enrollment form's fields, shared by the form (form.ts) and the
 * per-participant details (participants.ts). The messages are the specification's, verbatim.
 */

export const MIN_PARTICIPANTS = 1;
export const MAX_PARTICIPANTS = 5;
export const MAX_STUDENT_AGE = 18;

export const MESSAGES = {
  firstName: 'First name must be at least 2 characters.',
  lastName: 'Last name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  participantsMin: 'At least 1 participant is required.',
  participantsMax: 'Maximum 5 participants allowed per registration.',
  agreeToTerms: 'You must agree to the terms and conditions to proceed.',
  studentName: 'Student name is required.',
  studentGrade: 'Student grade is required.',
  school: 'School name is required.',
  studentAgeRequired: 'Student age is required.',
  studentAgeMax: 'Student age must be 18 or under.',
  agreeToCodeOfConduct: 'You must agree to the Code of Conduct to proceed.',
  dietaryRestrictions: 'Please specify dietary restrictions when selected.',
  emergency: (n: 1 | 2, field: 'name' | 'phone' | 'relationship') => `Emergency contact ${n} ${field} is required.`,
} as const;

const tooLong = (max: number) => `Please keep this under ${max} characters.`;
/**
 * One-line text (names, phones): control characters and line breaks are refused with a message
 * naming `label`. `missing` is the message when the field is absent (the form always sends it; an
 * API client may not).
 */
export const text = (label: string, max: number, missing?: string) =>
  oneLineText(label, missing ? { error: missing } : undefined)
    .trim()
    .max(max, tooLong(max));
export const optionalText = (label: string, max: number) => text(label, max).optional().default('');
/** A person's name: one-line text that, once given, has a visible letter (contracts/core/text.ts). */
export const nameText = (label: string, max: number, missing?: string) =>
  personName(label, missing ? { error: missing } : undefined)
    .trim()
    .max(max, tooLong(max));
export const optionalName = (label: string, max: number) => nameText(label, max).optional().default('');
/** A person's name that must be given. */
export const requiredName = (label: string, message: string, max: number) =>
  nameText(label, max, message).min(1, message);
/** A list of names (one per line, or separated by commas or semicolons): each has a visible letter. */
export const namesHaveLetters = (names: string) =>
  names
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .every((n) => n === '' || hasVisibleLetter(n));
export const NAMES_NEED_LETTERS = 'Each participant name must have at least one letter.';
/** Free text over several lines: keeps line breaks, refuses other control characters. */
export const optionalArea = (label: string, max: number) =>
  multiLineText(label).trim().max(max, tooLong(max)).optional().default('');
/** One-line text that must be given. */
export const requiredText = (label: string, message: string, max: number) => text(label, max, message).min(1, message);
export const flag = z.boolean().optional().default(false);
/** A box that must be ticked: the form holds false until it is. */
export const mustAgree = (message: string) => z.boolean({ error: message }).pipe(z.literal(true, { error: message }));

/**
 * A number as a form or an API client sends it. Empty arrives as '', null or NaN (react-aria
 * NumberField); all mean "not given". Digits in a string are read as the number.
 */
type NumberInput = number | string | null | undefined;
const blankToUndefined = (v: NumberInput) =>
  v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;
export const wholeNumber = (required: string) =>
  z.preprocess(
    (v: NumberInput) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\s*\d+\s*$/.test(b) ? Number(b) : b;
    },
    z.number({ error: required }).int(required),
  );
/** An age the base form may carry: a whole number or nothing (null). */
export const optionalAge = z.preprocess(
  blankToUndefined,
  z.number().int().min(0).max(120).nullable().optional().default(null),
);
/** The stricter form's student age: 1 to 18, with the specification's messages. */
export const studentAge = wholeNumber(MESSAGES.studentAgeRequired).pipe(
  z.number().min(1, MESSAGES.studentAgeRequired).max(MAX_STUDENT_AGE, MESSAGES.studentAgeMax),
);

export interface PhotographyChoices {
  photographyConsent?: boolean;
  allowNameWithPhoto?: boolean;
  photographyOptOut?: boolean;
}

/**
 * The photography rule, for the page (what it shows) and the schema (what is stored): choices the
 * form hides are cleared rather than refused. Opting out withdraws every consent, and "first name
 * with photo" only exists under photo consent.
 */
export function withPhotographyRules<T extends PhotographyChoices>(v: T): T {
  const consent = Boolean(v.photographyConsent) && !v.photographyOptOut;
  return { ...v, photographyConsent: consent, allowNameWithPhoto: consent && Boolean(v.allowNameWithPhoto) };
}

/** The dietary rule: ticking "has dietary restrictions" asks for them. */
export const describesDietaryRestrictions = (v: { hasDietaryRestrictions?: boolean; dietaryRestrictions?: string }) =>
  !(v.hasDietaryRestrictions && !v.dietaryRestrictions?.trim());

/** Runs a refinement even when other fields are wrong, so the visitor sees every error at once. */
export const evenWithOtherErrors = {
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};
