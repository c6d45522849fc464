import {
  attendeeNames,
  EMPTY_ENROLLMENT_FORM,
  EnrollmentFormDataSchema,
  type EnrollmentFormData,
} from '../../../contracts/enrollment/form.js';
import type { EnrollmentSubmitted, PurchasedItem } from '../../../contracts/enrollment/events.js';
import { priceEnrollment, sessionShareOf } from '../../../contracts/enrollment/money.js';
import type { OrderPricing } from '../../../contracts/enrollment/pricing.js';

/**
 * Every form field at its "not asked" value, for enrollments made without the full form. Without
 * participant details: they are derived from the count when read (participantDetailsOf).
 */
const { participantDetails: _derived, ...emptyForm } = EMPTY_ENROLLMENT_FORM;
export const EMPTY_FORM: EnrollmentFormData = EnrollmentFormDataSchema.parse({ ...emptyForm, agreeToTerms: true });

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
  /** The order priced beyond its seats (sibling discount, code, gift card, credit, deposit); absent: its seats, paid in full. */
  pricing?: OrderPricing;
}): EnrollmentSubmitted {
  const { form, item } = input;
  const seats = priceEnrollment(item.unitPriceCents, form.participants, item.priceTiers, {
    sessions: sessionShareOf(item),
  });
  const price = input.pricing
    ? {
        subtotalCents: input.pricing.subtotalCents,
        taxCents: 0,
        amountCents: input.pricing.totalCents,
        isFree: input.pricing.totalCents === 0,
      }
    : seats;
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
    ...(input.pricing ? { pricing: input.pricing } : {}),
  };
}
