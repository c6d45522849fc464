import { useCallback, useRef, useState } from 'react';
import { enrollmentFormSchemaFor, type EnrollmentForm } from '../../contracts/enrollment/form.js';

/** What the fields hold while the visitor types; the schema turns it into an EnrollmentForm. */
export interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  participants: number;
  participantNames: string;
  specialRequirements: string;
  referralSource: string;
  agreeToTerms: boolean;
  parent2Name: string;
  parent2Email: string;
  parent2Phone: string;
  studentName: string;
  /** NaN while empty (react-aria NumberField). */
  studentAge: number;
  studentGrade: string;
  school: string;
  hasDietaryRestrictions: boolean;
  dietaryRestrictions: string;
  emergencyContact1Name: string;
  emergencyContact1Phone: string;
  emergencyContact1Relationship: string;
  emergencyContact2Name: string;
  emergencyContact2Phone: string;
  emergencyContact2Relationship: string;
  agreeToCodeOfConduct: boolean;
  photographyConsent: boolean;
  allowNameWithPhoto: boolean;
  photographyOptOut: boolean;
}

export type FieldName = keyof FormValues;

export const INITIAL_VALUES: FormValues = {
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
  studentAge: Number.NaN,
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

/** Hidden photography consents are cleared, so what is sent is what the visitor sees. */
function withPhotographyRules(v: FormValues): FormValues {
  if (v.photographyOptOut) return { ...v, photographyConsent: false, allowNameWithPhoto: false };
  if (!v.photographyConsent) return { ...v, allowNameWithPhoto: false };
  return v;
}

export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * Values, inline errors and focus for the enrollment form, checked with the same zod schema the
 * server uses. On a failed submit, focus goes to the first invalid field in page order, whose
 * label and error a screen reader then reads out.
 */
export function useEnrollmentForm(category: string) {
  const [values, setValues] = useState<FormValues>(INITIAL_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback(<K extends FieldName>(name: K, value: FormValues[K]) => {
    setValues((prev) => withPhotographyRules({ ...prev, [name]: value }));
    setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  const focusFirst = useCallback((names: FieldName[]) => {
    const fields = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    for (const field of fields) {
      if (!names.includes(field.dataset.field as FieldName)) continue;
      field.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus();
      return;
    }
  }, []);

  const show = useCallback(
    (found: FieldErrors) => {
      setErrors(found);
      // After React has rendered the messages, so the focused field announces its error.
      requestAnimationFrame(() => focusFirst(Object.keys(found) as FieldName[]));
    },
    [focusFirst],
  );

  /** The parsed form, or null after showing every problem. */
  const validate = (): EnrollmentForm | null => {
    const parsed = enrollmentFormSchemaFor(category).safeParse(values);
    if (parsed.success) return parsed.data;
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as FieldName;
      found[name] ??= issue.message;
    }
    show(found);
    return null;
  };

  /** The server's per-field messages, placed next to their fields. */
  const showServerIssues = (issues: Record<string, string>) => {
    const known = Object.fromEntries(Object.entries(issues).filter(([name]) => name in INITIAL_VALUES)) as FieldErrors;
    if (Object.keys(known).length > 0) show(known);
  };

  return { values, errors, set, validate, showServerIssues, formRef };
}

export type EnrollmentFormState = ReturnType<typeof useEnrollmentForm>;
