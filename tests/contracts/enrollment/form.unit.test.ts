import { describe, expect, it } from 'vitest';
import {
  asksChildDetails,
  BaseEnrollmentFormSchema,
  EMPTY_ENROLLMENT_FORM,
  enrollmentFormSchemaFor,
  StrictEnrollmentFormSchema,
  withPhotographyRules,
} from '../../../contracts/enrollment/form.js';
import { baseForm, strictForm } from '../../support/enrollment-forms.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('enrollment form schema', () => {
  it('given an empty base form, then every message is the specification’s', () => {
    expect(
      messages(
        BaseEnrollmentFormSchema.safeParse({
          firstName: 'A',
          lastName: 'B',
          email: 'nope',
          phone: '123',
          participants: 0,
          agreeToTerms: false,
          parent2Email: 'x',
        }),
      ),
    ).toEqual({
      firstName: 'First name must be at least 2 characters.',
      lastName: 'Last name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      participants: 'At least 1 participant is required.',
      agreeToTerms: 'You must agree to the terms and conditions to proceed.',
      parent2Email: 'Please enter a valid email address.',
    });
  });

  it('given 6 participants, then the maximum message', () => {
    expect(messages(BaseEnrollmentFormSchema.safeParse(baseForm({ participants: 6 })))).toEqual({
      participants: 'Maximum 5 participants allowed per registration.',
    });
  });

  it('given the stricter form left blank with dietary restrictions ticked, then every stricter message at once', () => {
    expect(
      messages(
        StrictEnrollmentFormSchema.safeParse({
          ...baseForm(),
          hasDietaryRestrictions: true,
          dietaryRestrictions: '  ',
        }),
      ),
    ).toEqual({
      studentName: 'Student name is required.',
      studentAge: 'Student age is required.',
      studentGrade: 'Student grade is required.',
      school: 'School name is required.',
      emergencyContact1Name: 'Emergency contact 1 name is required.',
      emergencyContact1Phone: 'Emergency contact 1 phone is required.',
      emergencyContact1Relationship: 'Emergency contact 1 relationship is required.',
      emergencyContact2Name: 'Emergency contact 2 name is required.',
      emergencyContact2Phone: 'Emergency contact 2 phone is required.',
      emergencyContact2Relationship: 'Emergency contact 2 relationship is required.',
      agreeToCodeOfConduct: 'You must agree to the Code of Conduct to proceed.',
      dietaryRestrictions: 'Please specify dietary restrictions when selected.',
    });
  });

  it('given a student of 19, then the age message', () => {
    expect(messages(StrictEnrollmentFormSchema.safeParse(strictForm({ studentAge: 19 })))).toEqual({
      studentAge: 'Student age must be 18 or under.',
    });
  });

  it('given an opt-out with consents ticked, then the consents are withdrawn; name-with-photo needs photo consent', () => {
    expect(
      StrictEnrollmentFormSchema.parse(
        strictForm({ photographyOptOut: true, photographyConsent: true, allowNameWithPhoto: true }),
      ),
    ).toMatchObject({
      photographyOptOut: true,
      photographyConsent: false,
      allowNameWithPhoto: false,
    });
    expect(
      StrictEnrollmentFormSchema.parse(strictForm({ photographyConsent: false, allowNameWithPhoto: true }))
        .allowNameWithPhoto,
    ).toBe(false);
    expect(
      StrictEnrollmentFormSchema.parse(strictForm({ photographyConsent: true, allowNameWithPhoto: true }))
        .allowNameWithPhoto,
    ).toBe(true);
  });

  it('given categories, then children, summer and tea-party get the stricter schema and the others the base', () => {
    for (const category of ['children', 'summer', 'tea-party'])
      expect(enrollmentFormSchemaFor({ category }).safeParse(baseForm()).success).toBe(false);
    for (const category of ['adult', 'business', 'dining'])
      expect(enrollmentFormSchemaFor({ category }).safeParse(baseForm()).success).toBe(true);
  });

  it('given a class children or teens attend (the teens’ program, or an age range under 18), then the stricter schema; a class for adults, the base', () => {
    const children = [
      { category: 'teen', ageRange: '11-17' },
      { category: 'teen' },
      { category: 'adult', ageRange: '15-18' },
      { category: 'business', ageRange: 'Ages 12 to 16' },
      { category: 'dining', ageRange: '16+' },
    ];
    for (const w of children) {
      expect(asksChildDetails(w), JSON.stringify(w)).toBe(true);
      expect(messages(enrollmentFormSchemaFor(w).safeParse(baseForm())), JSON.stringify(w)).toMatchObject({
        studentName: 'Student name is required.',
        studentAge: 'Student age is required.',
        school: 'School name is required.',
        emergencyContact1Name: 'Emergency contact 1 name is required.',
        agreeToCodeOfConduct: 'You must agree to the Code of Conduct to proceed.',
      });
    }
    for (const w of [
      { category: 'adult', ageRange: '21+' },
      { category: 'dining', ageRange: '18+' },
      { category: 'business', ageRange: 'Adults' },
      { category: 'business', ageRange: 'All ages' },
      { category: 'adult' },
    ]) {
      expect(asksChildDetails(w), JSON.stringify(w)).toBe(false);
      expect(enrollmentFormSchemaFor(w).safeParse(baseForm()).success, JSON.stringify(w)).toBe(true);
    }
  });

  it('given a valid base form, then every field is present in the output with its default', () => {
    const out = BaseEnrollmentFormSchema.parse(baseForm());
    expect(Object.keys(out)).toHaveLength(30);
    expect(out).toMatchObject({
      studentAge: null,
      referralSource: '',
      hasDietaryRestrictions: false,
      participantNames: '',
    });
  });

  it('given the empty form the page starts from, then the base schema asks for exactly the base form’s required fields', () => {
    expect(messages(BaseEnrollmentFormSchema.safeParse(EMPTY_ENROLLMENT_FORM))).toEqual({
      firstName: 'First name must be at least 2 characters.',
      lastName: 'Last name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      agreeToTerms: 'You must agree to the terms and conditions to proceed.',
    });
  });

  it('given the empty form, then the stricter schema also asks for the participant, both emergency contacts and the Code of Conduct', () => {
    expect(Object.keys(messages(StrictEnrollmentFormSchema.safeParse(EMPTY_ENROLLMENT_FORM)))).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'agreeToTerms',
      'emergencyContact1Name',
      'emergencyContact1Phone',
      'emergencyContact1Relationship',
      'emergencyContact2Name',
      'emergencyContact2Phone',
      'emergencyContact2Relationship',
      'agreeToCodeOfConduct',
      'participantDetails.0.name',
      'participantDetails.0.age',
      'participantDetails.0.grade',
      'participantDetails.0.school',
    ]);
  });

  it('given an API client that leaves out the agreements, then the same messages as unticked boxes', () => {
    const { agreeToTerms: _terms, ...withoutTerms } = strictForm();
    const { agreeToCodeOfConduct: _conduct, ...withoutEither } = withoutTerms;
    expect(messages(StrictEnrollmentFormSchema.safeParse(withoutEither))).toEqual({
      agreeToTerms: 'You must agree to the terms and conditions to proceed.',
      agreeToCodeOfConduct: 'You must agree to the Code of Conduct to proceed.',
    });
  });

  it('given the page’s photography choices, then the rule the schema applies clears what the page hides', () => {
    const choices = { photographyConsent: true, allowNameWithPhoto: true, photographyOptOut: false };
    expect(withPhotographyRules(choices)).toEqual(choices);
    expect(withPhotographyRules({ ...choices, photographyOptOut: true })).toEqual({
      photographyConsent: false,
      allowNameWithPhoto: false,
      photographyOptOut: true,
    });
    expect(withPhotographyRules({ ...choices, photographyConsent: false })).toEqual({
      photographyConsent: false,
      allowNameWithPhoto: false,
      photographyOptOut: false,
    });
  });
});
