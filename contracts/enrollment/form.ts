import { z } from 'zod';
import { STRICT_FORM_CATEGORIES, type WorkshopCategory } from '../catalogue/workshop.js';
import type { FormValues } from '../core/form-values.js';
import { multiLineText, oneLineText } from '../core/text.js';

/**
 * The enrollment form: ONE schema for the web form (inline errors) and the API (400 with issues).
 * The messages are the specification's, verbatim. The base form serves every workshop; the stricter
 * one (categories in STRICT_FORM_CATEGORIES) adds student, parent, dietary, emergency and consent
 * fields. Parsed output always has every field (defaults '' / false / null), so an
 * EnrollmentSubmitted event carries the whole form.
 */

export const REFERRAL_SOURCES = ['social_media', 'google', 'friend', 'previous_client', 'event', 'other'] as const;
export const ReferralSourceSchema = z.enum(REFERRAL_SOURCES);
export type ReferralSource = z.infer<typeof ReferralSourceSchema>;

export const REFERRAL_LABELS: Record<ReferralSource, string> = {
  social_media: 'Social media',
  google: 'Google search',
  friend: 'A friend or family member',
  previous_client: 'I am a previous client',
  event: 'At an event',
  other: 'Other',
};

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

/** Shown under the participants field. */
export const PARTICIPANTS_HINT = 'For groups larger than 5, please contact us directly.';

const tooLong = (max: number) => `Please keep this under ${max} characters.`;
/**
 * One-line text (names, phones): control characters and line breaks are refused with a message
 * naming `label`. `missing` is the message when the field is absent (the form always sends it; an
 * API client may not).
 */
const text = (label: string, max: number, missing?: string) =>
  oneLineText(label, missing ? { error: missing } : undefined)
    .trim()
    .max(max, tooLong(max));
const optionalText = (label: string, max: number) => text(label, max).optional().default('');
/** Free text over several lines: keeps line breaks, refuses other control characters. */
const optionalArea = (label: string, max: number) =>
  multiLineText(label).trim().max(max, tooLong(max)).optional().default('');
/** An optional e-mail: valid or empty. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, MESSAGES.email)
  .refine((v) => v === '' || z.email().safeParse(v).success, MESSAGES.email)
  .optional()
  .default('');
const flag = z.boolean().optional().default(false);
/** A box that must be ticked: the form holds false until it is. */
const mustAgree = (message: string) => z.boolean({ error: message }).pipe(z.literal(true, { error: message }));

/**
 * A number as a form or an API client sends it. Empty arrives as '', null or NaN (react-aria
 * NumberField); all mean "not given". Digits in a string are read as the number.
 */
type NumberInput = number | string | null | undefined;
const blankToUndefined = (v: NumberInput) =>
  v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;
const wholeNumber = (required: string) =>
  z.preprocess(
    (v: NumberInput) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\s*\d+\s*$/.test(b) ? Number(b) : b;
    },
    z.number({ error: required }).int(required),
  );

const baseShape = {
  firstName: text('First name', 100, MESSAGES.firstName).min(2, MESSAGES.firstName),
  lastName: text('Last name', 100, MESSAGES.lastName).min(2, MESSAGES.lastName),
  email: z.string({ error: MESSAGES.email }).trim().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
  phone: text('Phone number', 40, MESSAGES.phone).min(10, MESSAGES.phone),
  participants: wholeNumber(MESSAGES.participantsMin).pipe(
    z.number().min(MIN_PARTICIPANTS, MESSAGES.participantsMin).max(MAX_PARTICIPANTS, MESSAGES.participantsMax),
  ),
  /** Free text: the names of the other participants (one per line or comma separated). */
  participantNames: optionalArea('Participant names', 1000),
  specialRequirements: optionalArea('Special requirements', 2000),
  referralSource: z
    .union([ReferralSourceSchema, z.literal('')])
    .optional()
    .default(''),
  agreeToTerms: mustAgree(MESSAGES.agreeToTerms),

  parent2Name: optionalText("Second parent's name", 200),
  parent2Email: optionalEmail,
  parent2Phone: optionalText("Second parent's phone", 40),
  studentName: optionalText('Student name', 200),
  studentAge: z.preprocess(blankToUndefined, z.number().int().min(0).max(120).nullable().optional().default(null)),
  studentGrade: optionalText('Student grade', 40),
  school: optionalText('School name', 200),
  hasDietaryRestrictions: flag,
  dietaryRestrictions: optionalArea('Dietary restrictions', 1000),
  emergencyContact1Name: optionalText('Emergency contact 1 name', 200),
  emergencyContact1Phone: optionalText('Emergency contact 1 phone', 40),
  emergencyContact1Relationship: optionalText('Emergency contact 1 relationship', 100),
  emergencyContact2Name: optionalText('Emergency contact 2 name', 200),
  emergencyContact2Phone: optionalText('Emergency contact 2 phone', 40),
  emergencyContact2Relationship: optionalText('Emergency contact 2 relationship', 100),
  agreeToCodeOfConduct: flag,
  photographyConsent: flag,
  allowNameWithPhoto: flag,
  photographyOptOut: flag,
};

const required = (label: string, message: string, max: number) => text(label, max, message).min(1, message);
const emergencyPhone = (n: 1 | 2) =>
  text(`Emergency contact ${n} phone`, 40, MESSAGES.emergency(n, 'phone')).min(10, MESSAGES.emergency(n, 'phone'));

const strictShape = {
  ...baseShape,
  studentName: required('Student name', MESSAGES.studentName, 200),
  studentAge: wholeNumber(MESSAGES.studentAgeRequired).pipe(
    z.number().min(1, MESSAGES.studentAgeRequired).max(MAX_STUDENT_AGE, MESSAGES.studentAgeMax),
  ),
  studentGrade: required('Student grade', MESSAGES.studentGrade, 40),
  school: required('School name', MESSAGES.school, 200),
  emergencyContact1Name: required('Emergency contact 1 name', MESSAGES.emergency(1, 'name'), 200),
  emergencyContact1Phone: emergencyPhone(1),
  emergencyContact1Relationship: required(
    'Emergency contact 1 relationship',
    MESSAGES.emergency(1, 'relationship'),
    100,
  ),
  emergencyContact2Name: required('Emergency contact 2 name', MESSAGES.emergency(2, 'name'), 200),
  emergencyContact2Phone: emergencyPhone(2),
  emergencyContact2Relationship: required(
    'Emergency contact 2 relationship',
    MESSAGES.emergency(2, 'relationship'),
    100,
  ),
  agreeToCodeOfConduct: mustAgree(MESSAGES.agreeToCodeOfConduct),
};

interface PhotographyChoices {
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

export const BaseEnrollmentFormSchema = z.object(baseShape).transform(withPhotographyRules);

export const StrictEnrollmentFormSchema = z
  .object(strictShape)
  .refine((v) => !(v.hasDietaryRestrictions && !v.dietaryRestrictions?.trim()), {
    path: ['dietaryRestrictions'],
    message: MESSAGES.dietaryRestrictions,
    // Checked even when other fields are wrong, so the visitor sees every error at once.
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .transform(withPhotographyRules);

/** What the form holds after parsing: every field present. The strict variant narrows a few. */
export type EnrollmentForm = z.output<typeof BaseEnrollmentFormSchema>;
/** What the form (or an API client) sends. */
export type EnrollmentFormInput = z.input<typeof BaseEnrollmentFormSchema>;
/** What the page's form holds while the visitor types: every field, both variants. */
export type EnrollmentFormValues = FormValues<typeof BaseEnrollmentFormSchema>;

/** The form before the visitor types anything: one participant, every other field empty. */
export const EMPTY_ENROLLMENT_FORM: EnrollmentFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  participants: 1,
  participantNames: '',
  specialRequirements: '',
  referralSource: '',
  agreeToTerms: false,
  parent2Name: '',
  parent2Email: '',
  parent2Phone: '',
  studentName: '',
  studentAge: null,
  studentGrade: '',
  school: '',
  hasDietaryRestrictions: false,
  dietaryRestrictions: '',
  emergencyContact1Name: '',
  emergencyContact1Phone: '',
  emergencyContact1Relationship: '',
  emergencyContact2Name: '',
  emergencyContact2Phone: '',
  emergencyContact2Relationship: '',
  agreeToCodeOfConduct: false,
  photographyConsent: false,
  allowNameWithPhoto: false,
  photographyOptOut: false,
};

export const isStrictCategory = (category: WorkshopCategory | string): boolean =>
  (STRICT_FORM_CATEGORIES as readonly string[]).includes(category);

/** The schema a workshop's form is checked with, on the page and on the server. */
export const enrollmentFormSchemaFor = (category: WorkshopCategory | string) =>
  (isStrictCategory(category)
    ? StrictEnrollmentFormSchema
    : BaseEnrollmentFormSchema) as typeof BaseEnrollmentFormSchema;

/** The stored shape of a parsed form (events and read models), checked on append and read. */
export const EnrollmentFormDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  participants: z.number().int().min(MIN_PARTICIPANTS).max(MAX_PARTICIPANTS),
  participantNames: z.string(),
  specialRequirements: z.string(),
  referralSource: z.union([ReferralSourceSchema, z.literal('')]),
  agreeToTerms: z.boolean(),
  parent2Name: z.string(),
  parent2Email: z.string(),
  parent2Phone: z.string(),
  studentName: z.string(),
  studentAge: z.number().int().nullable(),
  studentGrade: z.string(),
  school: z.string(),
  hasDietaryRestrictions: z.boolean(),
  dietaryRestrictions: z.string(),
  emergencyContact1Name: z.string(),
  emergencyContact1Phone: z.string(),
  emergencyContact1Relationship: z.string(),
  emergencyContact2Name: z.string(),
  emergencyContact2Phone: z.string(),
  emergencyContact2Relationship: z.string(),
  agreeToCodeOfConduct: z.boolean(),
  photographyConsent: z.boolean(),
  allowNameWithPhoto: z.boolean(),
  photographyOptOut: z.boolean(),
});
export type EnrollmentFormData = z.infer<typeof EnrollmentFormDataSchema>;

/**
 * The stored shape keeps plain types (events written before a rule changed must stay readable), so
 * it is listed apart from the form; both must name the same fields, or this fails to compile.
 */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const STORED_FORM_MATCHES_SCHEMA: SameKeys<EnrollmentForm, EnrollmentFormData> &
  SameKeys<EnrollmentFormValues, EnrollmentFormData> = true;

/** The names of everyone attending: the contact person first, then the extra names given. */
export function attendeeNames(
  form: Pick<EnrollmentFormData, 'firstName' | 'lastName' | 'participantNames' | 'studentName'>,
): string[] {
  const extra = form.participantNames
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);
  const first = form.studentName.trim() || `${form.firstName} ${form.lastName}`.trim();
  return [first, ...extra];
}
