import type { EnrollmentFormInput } from '../../contracts/enrollment/form.js';
import { splitNames } from '../../contracts/enrollment/participants.js';

/** A base form that passes. */
export const baseForm = (overrides: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput => ({
  firstName: 'Eleanor',
  lastName: 'Whitfield',
  email: 'eleanor@example.com',
  phone: '9725550100',
  participants: 1,
  agreeToTerms: true,
  ...overrides,
});

/**
 * A stricter (children, summer, tea-party) form that passes: the specification's student fields
 * for one child; for more, each child's own details too (the stricter form asks them of everyone),
 * the first from the student fields, the others named from `participantNames` or made up.
 */
export const strictForm = (overrides: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput => {
  const form = baseForm({
    studentName: 'Lily Whitfield',
    studentAge: 8,
    studentGrade: '3rd',
    school: 'Hedgcoxe Elementary',
    emergencyContact1Name: 'James Whitfield',
    emergencyContact1Phone: '9725550101',
    emergencyContact1Relationship: 'Father',
    emergencyContact2Name: 'Ruth Porter',
    emergencyContact2Phone: '9725550102',
    emergencyContact2Relationship: 'Grandmother',
    agreeToCodeOfConduct: true,
    ...overrides,
  });
  const count = Number(form.participants);
  if (form.participantDetails || !(count > 1 && count <= 5)) return form;
  const others = splitNames(form.participantNames ?? '');
  return {
    ...form,
    participantDetails: Array.from({ length: count }, (_, i) =>
      i === 0
        ? {
            name: form.studentName,
            age: form.studentAge,
            grade: form.studentGrade,
            school: form.school,
            hasDietaryRestrictions: form.hasDietaryRestrictions,
            dietaryRestrictions: form.dietaryRestrictions,
          }
        : { name: others[i - 1] ?? `Child ${i + 1} Whitfield`, age: 7 + i, grade: `${i}st`, school: 'Haggard Middle' },
    ),
  };
};
