import { z } from 'zod';
import { STRICT_FORM_CATEGORIES, type WorkshopCategory } from '../catalogue/workshop.js';
import { parseAgeRange } from '../catalogue/age-range.js';
import type { FormValues } from '../core/form-values.js';
import {
  evenWithOtherErrors,
  describesDietaryRestrictions,
  flag,
  MAX_PARTICIPANTS,
  MESSAGES,
  MIN_PARTICIPANTS,
  mustAgree,
  NAMES_NEED_LETTERS,
  nameText,
  namesHaveLetters,
  optionalAge,
  optionalArea,
  optionalName,
  optionalText,
  requiredName,
  requiredText,
  studentAge,
  text,
  wholeNumber,
  withPhotographyRules,
} from './fields.js';
import {
  BaseParticipantSchema,
  countMismatch,
  detailsFromLegacy,
  EMPTY_PARTICIPANT,
  legacyFromDetails,
  namedParticipants,
  namesMismatch,
  ParticipantDetailDataSchema,
  participantIssues,
  participantList,
  StrictParticipantSchema,
  type ParticipantDetail,
  type ParticipantDetailInput,
  type ParticipantDetailValues,
} from './participants.js';

/**
 * The enrollment form: ONE schema for the web form (inline errors) and the API (400 with issues).
 * The messages are the specification's, verbatim. The base form serves every workshop; the stricter
 * one (classes children or teens attend: asksChildDetails) adds student, parent, dietary, emergency
 * and consent fields. Parsed output always has every field (defaults '' / false / null), so an
 * EnrollmentSubmitted event carries the whole form.
 *
 * Participants: a form carries `participantDetails` (one entry per participant, see
 * participants.ts) or, as the specification's client sends it, the single-student fields and
 * `participantNames`. The parsed form has both: details derived from the student fields when
 * absent, and the student fields and names derived from the details when they are given (the
 * details then decide).
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

export { MAX_PARTICIPANTS, MAX_STUDENT_AGE, MESSAGES, MIN_PARTICIPANTS, withPhotographyRules } from './fields.js';

/** Shown under the participants field. */
export const PARTICIPANTS_HINT = 'For groups larger than 5, please contact us directly.';

/** An optional e-mail: valid or empty. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, MESSAGES.email)
  .refine((v) => v === '' || z.email().safeParse(v).success, MESSAGES.email)
  .optional()
  .default('');

const baseShape = {
  firstName: nameText('First name', 100, MESSAGES.firstName).min(2, MESSAGES.firstName),
  lastName: nameText('Last name', 100, MESSAGES.lastName).min(2, MESSAGES.lastName),
  email: z.string({ error: MESSAGES.email }).trim().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
  phone: text('Phone number', 40, MESSAGES.phone).min(10, MESSAGES.phone),
  participants: wholeNumber(MESSAGES.participantsMin).pipe(
    z.number().min(MIN_PARTICIPANTS, MESSAGES.participantsMin).max(MAX_PARTICIPANTS, MESSAGES.participantsMax),
  ),
  /** Free text: the names of the other participants (one per line or comma separated). */
  participantNames: optionalArea('Participant names', 1000).refine(namesHaveLetters, NAMES_NEED_LETTERS),
  specialRequirements: optionalArea('Special requirements', 2000),
  referralSource: z
    .union([ReferralSourceSchema, z.literal('')])
    .optional()
    .default(''),
  agreeToTerms: mustAgree(MESSAGES.agreeToTerms),

  parent2Name: optionalName("Second parent's name", 200),
  parent2Email: optionalEmail,
  parent2Phone: optionalText("Second parent's phone", 40),
  studentName: optionalName('Student name', 200),
  studentAge: optionalAge,
  studentGrade: optionalText('Student grade', 40),
  school: optionalText('School name', 200),
  hasDietaryRestrictions: flag,
  dietaryRestrictions: optionalArea('Dietary restrictions', 1000),
  emergencyContact1Name: optionalName('Emergency contact 1 name', 200),
  emergencyContact1Phone: optionalText('Emergency contact 1 phone', 40),
  emergencyContact1Relationship: optionalText('Emergency contact 1 relationship', 100),
  emergencyContact2Name: optionalName('Emergency contact 2 name', 200),
  emergencyContact2Phone: optionalText('Emergency contact 2 phone', 40),
  emergencyContact2Relationship: optionalText('Emergency contact 2 relationship', 100),
  agreeToCodeOfConduct: flag,
  photographyConsent: flag,
  allowNameWithPhoto: flag,
  photographyOptOut: flag,
  /**
   * "Save these details to my family account", ticked by a parent who is not signed in: the family
   * page then offers to add this booking's children and contacts once that e-mail signs in.
   */
  saveToFamilyAccount: flag,
};

/** The form's fields and their rules, for what shares them (a family account's contact details). */
export const ENROLLMENT_FORM_SHAPE = baseShape;

const emergencyPhone = (n: 1 | 2) =>
  text(`Emergency contact ${n} phone`, 40, MESSAGES.emergency(n, 'phone')).min(10, MESSAGES.emergency(n, 'phone'));

/** What the stricter form asks once per enrollment: the emergency contacts and the code of conduct. */
const strictFamilyShape = {
  emergencyContact1Name: requiredName('Emergency contact 1 name', MESSAGES.emergency(1, 'name'), 200),
  emergencyContact1Phone: emergencyPhone(1),
  emergencyContact1Relationship: requiredText(
    'Emergency contact 1 relationship',
    MESSAGES.emergency(1, 'relationship'),
    100,
  ),
  emergencyContact2Name: requiredName('Emergency contact 2 name', MESSAGES.emergency(2, 'name'), 200),
  emergencyContact2Phone: emergencyPhone(2),
  emergencyContact2Relationship: requiredText(
    'Emergency contact 2 relationship',
    MESSAGES.emergency(2, 'relationship'),
    100,
  ),
  agreeToCodeOfConduct: mustAgree(MESSAGES.agreeToCodeOfConduct),
};

/** The specification's single student, required in the stricter form when no details are sent. */
const strictStudentShape = {
  studentName: requiredName('Student name', MESSAGES.studentName, 200),
  studentAge,
  studentGrade: requiredText('Student grade', MESSAGES.studentGrade, 40),
  school: requiredText('School name', MESSAGES.school, 200),
};

type Shape = typeof baseShape;
/** The form as parsed before its participants are completed. */
type ParsedShape = z.output<z.ZodObject<Shape>> & { participantDetails?: ParticipantDetail[] };

/** The details list must have one entry per participant. */
const oneEntryPerParticipant = (v: ParsedShape, ctx: z.RefinementCtx) => {
  const given = v.participantDetails?.length;
  if (typeof v.participants === 'number' && given !== undefined && given !== v.participants)
    ctx.addIssue({ code: 'custom', path: ['participantDetails'], message: countMismatch(v.participants, given) });
};

/**
 * In the specification's shape the student fields are the first participant; in the stricter form
 * every other participant named in `participantNames` must have the same details, which that
 * shape cannot carry: each missing one is reported on its `participantDetails` path.
 */
const laterParticipantsHaveDetails = (v: ParsedShape, ctx: z.RefinementCtx) => {
  if (typeof v.participants !== 'number' || typeof v.participantNames !== 'string') return;
  const { others } = namedParticipants(v.participantNames, v.participants);
  for (let i = 1; i < Math.min(v.participants, MAX_PARTICIPANTS); i++) {
    const { issues } = participantIssues(StrictParticipantSchema, { name: others[i - 1] ?? '' }, i);
    for (const issue of issues) ctx.addIssue({ ...issue, path: ['participantDetails', ...issue.path] });
  }
};

/**
 * In the specification's shape, `participantNames` gives one name per participant or one per
 * participant after the first (none: they stay unnamed); any other count is refused on the field
 * rather than guessed, since a guess loses someone. In the stricter form, a name for everyone
 * starts with the student's.
 */
const namesFitParticipants = (strict: boolean) => (v: ParsedShape, ctx: z.RefinementCtx) => {
  if (typeof v.participants !== 'number' || typeof v.participantNames !== 'string') return;
  const mismatch = namesMismatch(v.participantNames, v.participants);
  if (mismatch) {
    ctx.addIssue({ code: 'custom', path: ['participantNames'], message: mismatch });
    return;
  }
  const { first } = namedParticipants(v.participantNames, v.participants);
  const student = typeof v.studentName === 'string' ? v.studentName.trim() : '';
  if (strict && first !== undefined && student && first.toLowerCase() !== student.toLowerCase())
    ctx.addIssue({
      code: 'custom',
      path: ['participantNames'],
      message: `Participant names: the first of ${v.participants} names must be the student's (${student}), or leave the student out and give the ${v.participants - 1} after.`,
    });
};

/** Both shapes of the parsed form: the details and the specification's fields, each derived from the other. */
function complete(v: ParsedShape) {
  if (v.participantDetails)
    return { ...v, ...legacyFromDetails(v.participantDetails), participantDetails: v.participantDetails };
  const rules = withPhotographyRules(v);
  return { ...rules, participantDetails: detailsFromLegacy(rules) };
}

/** What the form holds after parsing: every field present, `participantDetails` one per participant. */
export type EnrollmentForm = ReturnType<typeof complete> & { participantDetails: ParticipantDetail[] };
/** What the form (or an API client) sends: the specification's fields, `participantDetails` optional. */
export type EnrollmentFormInput = z.input<z.ZodObject<Shape>> & { participantDetails?: ParticipantDetailInput[] };

/**
 * One form schema from its two shapes: with `participantDetails` (the site's form) or without (the
 * specification's client). Each is a plain object schema; this picks the one the body has.
 */
function eitherShape(legacy: z.ZodType<ParsedShape>, detailed: z.ZodType<ParsedShape>) {
  return z.unknown().transform((raw, ctx) => {
    const hasDetails =
      typeof raw === 'object' && raw !== null && (raw as { participantDetails?: unknown }).participantDetails != null;
    const parsed = (hasDetails ? detailed : legacy).safeParse(raw);
    if (parsed.success) return complete(parsed.data);
    for (const issue of parsed.error.issues)
      ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: raw });
    return z.NEVER;
  }) as unknown as z.ZodType<EnrollmentForm, EnrollmentFormInput>;
}

export const BaseEnrollmentFormSchema = eitherShape(
  z.object(baseShape).superRefine(namesFitParticipants(false), evenWithOtherErrors),
  z
    .object({ ...baseShape, participantDetails: participantList(BaseParticipantSchema) })
    .superRefine(oneEntryPerParticipant, evenWithOtherErrors),
);

export const StrictEnrollmentFormSchema = eitherShape(
  z
    .object({ ...baseShape, ...strictFamilyShape, ...strictStudentShape })
    .refine(describesDietaryRestrictions, {
      path: ['dietaryRestrictions'],
      message: MESSAGES.dietaryRestrictions,
      ...evenWithOtherErrors,
    })
    .superRefine(laterParticipantsHaveDetails, evenWithOtherErrors)
    .superRefine(namesFitParticipants(true), evenWithOtherErrors),
  z
    .object({ ...baseShape, ...strictFamilyShape, participantDetails: participantList(StrictParticipantSchema) })
    .superRefine(oneEntryPerParticipant, evenWithOtherErrors),
);

/** What the page's form holds while the visitor types: every field, both variants, a fieldset per participant. */
export type EnrollmentFormValues = Omit<FormValues<typeof BaseEnrollmentFormSchema>, 'participantDetails'> & {
  participantDetails: ParticipantDetailValues[];
};

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
  saveToFamilyAccount: false,
  participantDetails: [EMPTY_PARTICIPANT],
};

/** The specification's three categories whose form is the stricter one (children, summer, tea-party). */
export const isStrictCategory = (category: WorkshopCategory | string): boolean =>
  (STRICT_FORM_CATEGORIES as readonly string[]).includes(category);

/** What decides a workshop's form: its category and its age range. */
export interface FormRule {
  category: WorkshopCategory | string;
  ageRange?: string | undefined;
}

/** Categories whose classes children or teens attend: the specification's three, and the teens' programs. */
const CHILDREN_AND_TEENS: readonly string[] = [...STRICT_FORM_CATEGORIES, 'teen'];

/** The youngest age the school treats as an adult's: a range starting below it admits children. */
const ADULT_AGE = 18;

/**
 * Whether a workshop's form asks for each child's details (the stricter form: student, school,
 * dietary needs, emergency contacts, Code of Conduct and photography): a class of the children's
 * or the teens' programs (the specification's three categories and `teen`), or one whose age range
 * starts below 18 ("11-17", "15-18", "16+"). The page and the server decide with this one rule.
 */
export const asksChildDetails = (workshop: FormRule): boolean => {
  if (CHILDREN_AND_TEENS.includes(workshop.category)) return true;
  const bounds = parseAgeRange(workshop.ageRange);
  return bounds !== null && bounds.min < ADULT_AGE;
};

/**
 * Whether a booking's participants were enrolled with the stricter form: its item says so when the
 * category alone would not (a teens' class, an age range with children), else its category does.
 */
export const isStrictItem = (item: { category: string; childDetails?: boolean | undefined }): boolean =>
  item.childDetails ?? isStrictCategory(item.category);

/** The schema a workshop's form is checked with, on the page and on the server. */
export const enrollmentFormSchemaFor = (workshop: FormRule) =>
  (asksChildDetails(workshop)
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
  /** Absent on enrollments recorded before family accounts: not ticked. */
  saveToFamilyAccount: z.boolean().optional().default(false),
  /** One per participant; absent on enrollments recorded before it existed (see participantDetailsOf). */
  participantDetails: z.array(ParticipantDetailDataSchema).optional(),
});
export type EnrollmentFormData = z.infer<typeof EnrollmentFormDataSchema>;

/**
 * The stored shape keeps plain types (events written before a rule changed must stay readable), so
 * it is listed apart from the form; both must name the same fields, or this fails to compile.
 */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const STORED_FORM_MATCHES_SCHEMA: SameKeys<EnrollmentForm, EnrollmentFormData> &
  SameKeys<EnrollmentFormValues, EnrollmentFormData> = true;

export { attendeeNames, participantDetailsOf } from './participants.js';
