import { z } from 'zod';
import type { FormValues } from '../core/form-values.js';
import { ERASED, fullName } from '../core/erased.js';
import {
  describesDietaryRestrictions,
  evenWithOtherErrors,
  flag,
  MAX_PARTICIPANTS,
  MESSAGES,
  optionalAge,
  optionalArea,
  optionalName,
  optionalText,
  requiredName,
  requiredText,
  studentAge,
  withPhotographyRules,
} from './fields.js';

/**
 * Each participant's own details (`participantDetails`, one entry per participant): a name, and in
 * the stricter categories an age, grade, school, dietary restrictions and photography choices. The
 * specification's single-student fields (`studentName`, `studentAge`...) and `participantNames`
 * are the first participant and the other names: either shape is accepted, and the parsed form
 * carries both (see form.ts).
 */

/** The stored shape (events, read models): plain types, so details written under older rules stay readable. */
export const ParticipantDetailDataSchema = z.object({
  name: z.string(),
  age: z.number().int().nullable(),
  grade: z.string(),
  school: z.string(),
  hasDietaryRestrictions: z.boolean(),
  dietaryRestrictions: z.string(),
  photographyConsent: z.boolean(),
  allowNameWithPhoto: z.boolean(),
  photographyOptOut: z.boolean(),
  /**
   * A child saved in a family account (`POST /api/enroll/workshop/:id` with `childIds`): which one,
   * and what the account held of them when enrolled beyond the form's fields. Never taken from a
   * form: the form's schemas have no such fields.
   */
  childId: z.string().optional(),
  dateOfBirth: z.string().optional(),
  medicalNotes: z.string().optional(),
});
export type ParticipantDetail = z.infer<typeof ParticipantDetailDataSchema>;

const baseParticipantShape = {
  name: optionalName('Name', 200),
  age: optionalAge,
  grade: optionalText('Grade', 40),
  school: optionalText('School name', 200),
  hasDietaryRestrictions: flag,
  dietaryRestrictions: optionalArea('Dietary restrictions', 1000),
  photographyConsent: flag,
  allowNameWithPhoto: flag,
  photographyOptOut: flag,
};

/** A participant of a base-category workshop: every field optional (the name is asked, not required). */
export const BaseParticipantSchema = z.object(baseParticipantShape).transform(withPhotographyRules);

/**
 * The stricter categories' rules for one child, field by field: the enroll form's participants and
 * the children saved in a family account (contracts/account/child.ts) are checked by these.
 */
export const STRICT_PARTICIPANT_SHAPE = {
  ...baseParticipantShape,
  name: requiredName('Student name', MESSAGES.studentName, 200),
  age: studentAge,
  grade: requiredText('Student grade', MESSAGES.studentGrade, 40),
  school: requiredText('School name', MESSAGES.school, 200),
};

/** A participant of a stricter-category workshop: the specification's student rules, for each one. */
export const StrictParticipantSchema = z
  .object(STRICT_PARTICIPANT_SHAPE)
  .refine(describesDietaryRestrictions, {
    path: ['dietaryRestrictions'],
    message: MESSAGES.dietaryRestrictions,
    ...evenWithOtherErrors,
  })
  .transform(withPhotographyRules);

export type ParticipantDetailInput = z.input<typeof BaseParticipantSchema>;
/** One participant's fieldset on the page: every field present. */
export type ParticipantDetailValues = FormValues<typeof BaseParticipantSchema>;

export const EMPTY_PARTICIPANT: ParticipantDetailValues = {
  name: '',
  age: null,
  grade: '',
  school: '',
  hasDietaryRestrictions: false,
  dietaryRestrictions: '',
  photographyConsent: false,
  allowNameWithPhoto: false,
  photographyOptOut: false,
};
const EMPTY_DETAIL: ParticipantDetail = { ...EMPTY_PARTICIPANT, age: null };

/** "Student age is required." for participant index 1 -> "Participant 2: student age is required." */
export const forParticipant = (index: number, message: string) =>
  `Participant ${index + 1}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

type ParticipantSchema = typeof BaseParticipantSchema | typeof StrictParticipantSchema;

/** The problems of participant `index`, on its path under `participantDetails` and naming it. */
export function participantIssues(schema: ParticipantSchema, value: unknown, index: number) {
  const parsed = schema.safeParse(value);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        code: 'custom' as const,
        message: forParticipant(index, issue.message),
        path: [index, ...issue.path],
        input: value,
      }));
  return { parsed: parsed.success ? parsed.data : null, issues };
}

/**
 * The list of participants checked one by one, each problem naming its participant ("Participant
 * 2: student age is required.") on its own path (`participantDetails.1.age`), so the page puts it
 * on that field. zod has no per-index message of its own, so the list is checked here; the cast
 * only states the input and output types the check gives.
 */
export function participantList(schema: ParticipantSchema) {
  return z
    .array(z.unknown(), { error: 'Participant details must be a list with one entry per participant.' })
    .max(MAX_PARTICIPANTS, MESSAGES.participantsMax)
    .transform((items, ctx) =>
      items.map((item, index) => {
        const { parsed, issues } = participantIssues(schema, item, index);
        ctx.issues.push(...issues);
        // A refused entry keeps its place (the parse fails anyway) so the count check stays right.
        return parsed ?? EMPTY_DETAIL;
      }),
    ) as unknown as z.ZodType<ParticipantDetail[], ParticipantDetailInput[]>;
}

/** The message when the list and the count disagree. */
export const countMismatch = (participants: number, given: number) =>
  `Please give the details of each participant: ${participants} ${participants === 1 ? 'participant' : 'participants'}, ${given} given.`;

/** The specification's single-student fields and free-text names, as older clients send them. */
export interface LegacyParticipantFields {
  participants: number;
  participantNames: string;
  studentName: string;
  studentAge: number | null;
  studentGrade: string;
  school: string;
  hasDietaryRestrictions: boolean;
  dietaryRestrictions: string;
  photographyConsent: boolean;
  allowNameWithPhoto: boolean;
  photographyOptOut: boolean;
}

/** "Ann, Bob\nCy" -> ["Ann", "Bob", "Cy"]: the other participants' names, one per line or comma separated. */
export const splitNames = (names: string): string[] =>
  names
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * Whom `participantNames` names, in the specification's shape: as many names as participants are
 * the participants, the first one included (`first`); fewer are the ones after the first (the
 * student, or outside the stricter categories the contact), `first` then undefined.
 * `namesFitParticipants` says which counts the form accepts.
 */
export function namedParticipants(participantNames: string, participants: number) {
  const names = splitNames(participantNames);
  return names.length === participants && participants > 0
    ? { first: names[0], others: names.slice(1) }
    : { first: undefined, others: names };
}

/**
 * Why the names do not fit the count, or null when they do: none (the participants after the first
 * unnamed), one for each participant, or one for each after the first.
 */
export function namesMismatch(participantNames: string, participants: number): string | null {
  const given = splitNames(participantNames).length;
  if (given === 0 || given === participants || given === participants - 1) return null;
  const all = `${participants} ${participants === 1 ? 'name' : 'names'} (everyone)`;
  const after = participants > 1 ? ` or ${participants - 1} (everyone after the first participant)` : '';
  return `Participant names: ${participants} ${participants === 1 ? 'participant takes' : 'participants take'} ${all}${after}; ${given} ${given === 1 ? 'was' : 'were'} given.`;
}

/**
 * The details of a form sent in the specification's shape: the student fields are the first
 * participant, `participantNames` names the others (their other details unknown), or everyone
 * when it gives one name per participant (`namedParticipants`).
 */
export function detailsFromLegacy(form: LegacyParticipantFields): ParticipantDetail[] {
  const { first, others } = namedParticipants(form.participantNames, form.participants);
  return Array.from({ length: form.participants }, (_, i) =>
    i === 0
      ? withPhotographyRules({
          name: first ?? form.studentName,
          age: form.studentAge,
          grade: form.studentGrade,
          school: form.school,
          hasDietaryRestrictions: form.hasDietaryRestrictions,
          dietaryRestrictions: form.dietaryRestrictions,
          photographyConsent: form.photographyConsent,
          allowNameWithPhoto: form.allowNameWithPhoto,
          photographyOptOut: form.photographyOptOut,
        })
      : { ...EMPTY_DETAIL, name: others[i - 1] ?? '' },
  );
}

/** The specification's fields as the details give them: the first participant, and the others' names. */
export function legacyFromDetails(details: ParticipantDetail[]): Omit<LegacyParticipantFields, 'participants'> {
  const first = details[0] ?? EMPTY_DETAIL;
  return {
    participantNames: details
      .slice(1)
      .map((p) => p.name)
      .filter(Boolean)
      .join('\n'),
    studentName: first.name,
    studentAge: first.age,
    studentGrade: first.grade,
    school: first.school,
    hasDietaryRestrictions: first.hasDietaryRestrictions,
    dietaryRestrictions: first.dietaryRestrictions,
    photographyConsent: first.photographyConsent,
    allowNameWithPhoto: first.allowNameWithPhoto,
    photographyOptOut: first.photographyOptOut,
  };
}

/** A stored form's details: its own, or, for forms recorded before they existed, derived from the legacy fields. */
export const participantDetailsOf = (
  form: LegacyParticipantFields & { participantDetails?: ParticipantDetail[] | undefined },
): ParticipantDetail[] => form.participantDetails ?? detailsFromLegacy(form);

/**
 * The names of everyone attending, in participant order: the first participant's name, or the
 * contact person's when it was left blank (an adult enrolling themselves), then every other name
 * given.
 */
export function attendeeNames(
  form: LegacyParticipantFields & {
    firstName: string;
    lastName: string;
    participantDetails?: ParticipantDetail[] | undefined;
  },
): string[] {
  const [first, ...others] = participantDetailsOf(form).map((p) => p.name.trim());
  return [first || fullName(form.firstName, form.lastName), ...others.filter(Boolean)];
}

/** A participant's photography choices in words, the same on the receipt, the page and the admin view. */
export function photographyChoice(
  p: Pick<ParticipantDetail, 'photographyConsent' | 'allowNameWithPhoto' | 'photographyOptOut'>,
) {
  if (p.photographyOptOut) return 'Opted out: no photographs';
  if (p.photographyConsent)
    return p.allowNameWithPhoto ? 'Photos allowed, with first name' : 'Photos allowed, without name';
  return 'No photo consent given';
}

/**
 * What is known of a participant besides the name, as label and value, in the order every view
 * lists them. The stricter categories ask for all of it; the others only for the name, so nothing
 * is listed for them.
 */
export function participantFacts(
  p: ParticipantDetail,
  strict: boolean,
  o: { medical?: boolean } = {},
): { label: string; value: string }[] {
  // The family's medical notes of a saved child (a form asks none), beside the allergies: for the
  // school's and the parent's screens (`medical`), whatever the category.
  const medical = o.medical && p.medicalNotes?.trim() ? [{ label: 'Medical notes', value: p.medicalNotes }] : [];
  if (!strict) return medical;
  // Erased details read as erased, not as the "no" their stored placeholders (false, null) would say.
  const erased = p.name === ERASED;
  return [
    { label: 'Age', value: p.age === null ? (erased ? ERASED : '-') : String(p.age) },
    { label: 'Grade', value: p.grade || '-' },
    { label: 'School', value: p.school || '-' },
    {
      label: 'Dietary restrictions',
      value:
        p.dietaryRestrictions === ERASED ? ERASED : p.hasDietaryRestrictions ? p.dietaryRestrictions || 'Yes' : 'None',
    },
    ...medical,
    { label: 'Photography', value: erased ? ERASED : photographyChoice(p) },
  ];
}

/** The name a view shows for participant `index`: their own, the contact's for an unnamed first one. */
export const participantName = (p: ParticipantDetail, index: number, contactName: string) =>
  p.name.trim() || (index === 0 ? contactName : `Participant ${index + 1}`);
