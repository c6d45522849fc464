import { describe, expect, it } from 'vitest';
import {
  BaseEnrollmentFormSchema,
  enrollmentFormSchemaFor,
  StrictEnrollmentFormSchema,
  type EnrollmentFormInput,
} from '../../../contracts/enrollment/form.js';
import {
  attendeeNames,
  participantDetailsOf,
  type ParticipantDetailInput,
} from '../../../contracts/enrollment/participants.js';
import { baseForm, strictForm } from '../../support/enrollment-forms.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const lily: ParticipantDetailInput = { name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary' };
const theo: ParticipantDetailInput = {
  name: 'Theo Whitfield',
  age: 11,
  grade: '6th',
  school: 'Rice Middle School',
  hasDietaryRestrictions: true,
  dietaryRestrictions: 'No peanuts',
  photographyOptOut: true,
};

/** The stricter form as the specification's client sends it: student fields and names, no details. */
const specificationShape = (o: Partial<EnrollmentFormInput>) => {
  const { participantDetails: _none, ...form } = strictForm(o);
  return form;
};

/** A stricter form for two children, each with their own details, the family fields once. */
const twoChildren = (details: ParticipantDetailInput[] = [lily, theo], o: Partial<EnrollmentFormInput> = {}) => {
  const { studentName: _n, studentAge: _a, studentGrade: _g, school: _s, ...family } = strictForm();
  return { ...family, participants: 2, participantDetails: details, ...o };
};

describe('every participant’s details', () => {
  it('given two children with their own details in a children’s workshop, then each keeps their own', () => {
    const out = enrollmentFormSchemaFor({ category: 'children' }).parse(twoChildren());
    expect(out.participantDetails).toEqual([
      {
        name: 'Lily Whitfield',
        age: 8,
        grade: '3rd',
        school: 'Hedgcoxe Elementary',
        hasDietaryRestrictions: false,
        dietaryRestrictions: '',
        photographyConsent: false,
        allowNameWithPhoto: false,
        photographyOptOut: false,
      },
      {
        name: 'Theo Whitfield',
        age: 11,
        grade: '6th',
        school: 'Rice Middle School',
        hasDietaryRestrictions: true,
        dietaryRestrictions: 'No peanuts',
        photographyConsent: false,
        allowNameWithPhoto: false,
        photographyOptOut: true,
      },
    ]);
    // The specification's fields follow: the first child is the student, the others are named.
    expect(out).toMatchObject({
      studentName: 'Lily Whitfield',
      studentAge: 8,
      studentGrade: '3rd',
      school: 'Hedgcoxe Elementary',
      participantNames: 'Theo Whitfield',
    });
  });

  it('given participant 2 without an age in a stricter category, then the message names participant 2 on its field', () => {
    const { age: _age, ...noAge } = theo;
    expect(messages(StrictEnrollmentFormSchema.safeParse(twoChildren([lily, noAge])))).toEqual({
      'participantDetails.1.age': 'Participant 2: student age is required.',
    });
  });

  it('given participant 2 left blank in a stricter category, then every missing detail names participant 2', () => {
    expect(
      messages(
        StrictEnrollmentFormSchema.safeParse(
          twoChildren([lily, { name: ' ', age: 19, hasDietaryRestrictions: true, dietaryRestrictions: '' }]),
        ),
      ),
    ).toEqual({
      'participantDetails.1.name': 'Participant 2: student name is required.',
      'participantDetails.1.age': 'Participant 2: student age must be 18 or under.',
      'participantDetails.1.grade': 'Participant 2: student grade is required.',
      'participantDetails.1.school': 'Participant 2: school name is required.',
      'participantDetails.1.dietaryRestrictions': 'Participant 2: please specify dietary restrictions when selected.',
    });
  });

  it('given the same blank participant 2 in a base category, then nothing is required of them', () => {
    const out = BaseEnrollmentFormSchema.parse(baseForm({ participants: 2, participantDetails: [{}, { name: '' }] }));
    expect(out.participantDetails.map((p) => p.name)).toEqual(['', '']);
  });

  it('given a line break in participant 2’s school, then it is refused naming participant 2 (clean text)', () => {
    expect(
      messages(
        BaseEnrollmentFormSchema.safeParse(baseForm({ participants: 2, participantDetails: [{}, { school: 'A\nB' }] })),
      ),
    ).toEqual({
      'participantDetails.1.school':
        'Participant 2: school name cannot contain line breaks or invisible control characters.',
    });
  });

  it('given three details for two participants, then the count mismatch is refused on participantDetails', () => {
    expect(messages(StrictEnrollmentFormSchema.safeParse(twoChildren([lily, theo, lily])))).toEqual({
      participantDetails: 'Please give the details of each participant: 2 participants, 3 given.',
    });
    expect(
      messages(BaseEnrollmentFormSchema.safeParse(baseForm({ participants: 3, participantDetails: [{}] }))),
    ).toEqual({
      participantDetails: 'Please give the details of each participant: 3 participants, 1 given.',
    });
  });

  it('given the specification’s shape (student fields and names), then the details are derived from them', () => {
    const out = BaseEnrollmentFormSchema.parse(
      baseForm({ participants: 3, participantNames: 'Ann Porter, Bea Porter', studentName: 'Cy Porter' }),
    );
    expect(out.participantDetails.map((p) => p.name)).toEqual(['Cy Porter', 'Ann Porter', 'Bea Porter']);
    const strict = StrictEnrollmentFormSchema.parse(strictForm({ photographyConsent: true, allowNameWithPhoto: true }));
    expect(strict.participantDetails).toEqual([
      {
        name: 'Lily Whitfield',
        age: 8,
        grade: '3rd',
        school: 'Hedgcoxe Elementary',
        hasDietaryRestrictions: false,
        dietaryRestrictions: '',
        photographyConsent: true,
        allowNameWithPhoto: true,
        photographyOptOut: false,
      },
    ]);
  });

  it('given the specification’s shape for two children in a stricter category, then the second child’s missing details are named', () => {
    expect(
      messages(
        StrictEnrollmentFormSchema.safeParse(
          specificationShape({ participants: 2, participantNames: 'Theo Whitfield' }),
        ),
      ),
    ).toEqual({
      'participantDetails.1.age': 'Participant 2: student age is required.',
      'participantDetails.1.grade': 'Participant 2: student grade is required.',
      'participantDetails.1.school': 'Participant 2: school name is required.',
    });
  });

  it('given a participant opting out of photography, then their consents are withdrawn and the others keep theirs', () => {
    const out = StrictEnrollmentFormSchema.parse(
      twoChildren([
        { ...lily, photographyConsent: true, allowNameWithPhoto: true },
        { ...theo, photographyConsent: true, allowNameWithPhoto: true, photographyOptOut: true },
      ]),
    );
    expect(out.participantDetails.map((p) => [p.photographyConsent, p.allowNameWithPhoto])).toEqual([
      [true, true],
      [false, false],
    ]);
  });

  it('given a form stored before details existed, then its details and attendees are derived when read', () => {
    const stored = BaseEnrollmentFormSchema.parse(
      baseForm({ participants: 2, participantNames: 'Grace Hopper', firstName: 'Ada', lastName: 'Lovelace' }),
    );
    const { participantDetails: _d, ...old } = stored;
    expect(participantDetailsOf(old).map((p) => p.name)).toEqual(['', 'Grace Hopper']);
    expect(attendeeNames(old)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });
});
