import type { EnrollmentFormInput } from '../../contracts/enrollment/form.js';

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

/** A stricter (children, summer, tea-party) form that passes. */
export const strictForm = (overrides: Partial<EnrollmentFormInput> = {}): EnrollmentFormInput =>
  baseForm({
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
