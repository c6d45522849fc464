import {
  EMPTY_ENROLLMENT_FORM,
  enrollmentFormSchemaFor,
  withPhotographyRules,
  type EnrollmentForm,
  type EnrollmentFormValues,
} from '../../contracts/enrollment/form.js';
import { useFormModel, type FormModel } from '../core/useFormModel.js';

/**
 * The enrollment form's model: its values start from the contracts' empty form, hidden photography
 * consents are cleared as they are hidden (so what is sent is what the visitor sees), and the
 * workshop's schema (base or stricter, the one the server uses) checks it on submit.
 */
export function useEnrollmentForm(category: string) {
  const form = useFormModel<EnrollmentFormValues>({ initial: EMPTY_ENROLLMENT_FORM, normalise: withPhotographyRules });
  /** The parsed form, or null after showing every problem. */
  const validate = (): EnrollmentForm | null => form.parse(enrollmentFormSchemaFor(category));
  /** The participant count as typed so far (NaN while empty), for the summary and the names field. */
  const participants = typeof form.values.participants === 'number' ? form.values.participants : Number.NaN;
  return { ...form, validate, participants };
}

export type EnrollmentFormState = FormModel<EnrollmentFormValues> & {
  validate(): EnrollmentForm | null;
  participants: number;
};
