import type { EnrollmentFormData } from '../../contracts/enrollment/form.js';
import { attendeeNames } from '../../contracts/enrollment/form.js';
import type { EnrollmentSubmitted, PurchasedItem } from '../../contracts/enrollment/events.js';
import { priceEnrollment } from '../../contracts/enrollment/money.js';

/** Every form field at its "not asked" value, for enrollments made without the full form. */
export const EMPTY_FORM: EnrollmentFormData = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  participants: 1,
  participantNames: '',
  specialRequirements: '',
  referralSource: '',
  agreeToTerms: true,
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

/** The EnrollmentSubmitted data for a form, an item and a price; amounts are computed here only. */
export function submissionOf(input: {
  enrollmentId: string;
  workshopId: string | null;
  programId: string | null;
  form: EnrollmentFormData;
  item: PurchasedItem;
  holdExpiresAt: string | null;
  test: boolean;
  at: Date;
}): EnrollmentSubmitted {
  const { form, item } = input;
  const price = priceEnrollment(item.unitPriceCents, form.participants);
  return {
    enrollmentId: input.enrollmentId,
    workshopId: input.workshopId,
    programId: input.programId,
    form,
    item,
    participants: form.participants,
    attendees: attendeeNames(form),
    subtotalCents: price.subtotalCents,
    taxCents: price.taxCents,
    amountCents: price.amountCents,
    currency: 'usd',
    isFree: price.isFree,
    holdExpiresAt: price.isFree ? null : input.holdExpiresAt,
    test: input.test,
    submittedAt: input.at.toISOString(),
  };
}
