import {
  EMPTY_ENROLLMENT_FORM,
  enrollmentFormSchemaFor,
  MAX_PARTICIPANTS,
  MIN_PARTICIPANTS,
  withPhotographyRules,
  type EnrollmentForm,
  type EnrollmentFormValues,
  type FormRule,
} from '../../contracts/enrollment/form.js';
import { EMPTY_PARTICIPANT } from '../../contracts/enrollment/participants.js';
import { useFormModel, type FormModel } from '../core/useFormModel.js';

/**
 * One entry per participant, following the count as it is typed (kept as they are while the count
 * is empty or out of range, so clearing the field to type another number loses nothing), and the
 * photography rule applied to each participant as boxes change, so what is sent is what the
 * visitor sees.
 */
export function normaliseEnrollment(values: EnrollmentFormValues): EnrollmentFormValues {
  const count = values.participants;
  const wanted =
    typeof count === 'number' && Number.isInteger(count) && count >= MIN_PARTICIPANTS && count <= MAX_PARTICIPANTS
      ? count
      : values.participantDetails.length;
  const details = Array.from({ length: wanted }, (_, i) =>
    withPhotographyRules(values.participantDetails[i] ?? EMPTY_PARTICIPANT),
  );
  return { ...withPhotographyRules(values), participantDetails: details };
}

/**
 * The enrollment form's model: its values start from the contracts' empty form, kept consistent
 * by normaliseEnrollment, and the workshop's schema (base or stricter, the one the server uses)
 * checks it on submit.
 */
export function useEnrollmentForm(workshop: FormRule) {
  const form = useFormModel<EnrollmentFormValues>({ initial: EMPTY_ENROLLMENT_FORM, normalise: normaliseEnrollment });
  /** The parsed form, or null after showing every problem. */
  const validate = (): EnrollmentForm | null => form.parse(enrollmentFormSchemaFor(workshop));
  /** The participant count as typed so far (NaN while empty), for the summary. */
  const participants = typeof form.values.participants === 'number' ? form.values.participants : Number.NaN;
  return { ...form, validate, participants };
}

export type EnrollmentFormState = FormModel<EnrollmentFormValues> & {
  validate(): EnrollmentForm | null;
  participants: number;
};
