import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { apiErrorIssues } from './api.js';

/** One message per field, keyed by the field's name (the name its input carries). */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;
/** The names of a form's yes/no fields. */
export type FlagName<V> = { [K in keyof V & string]: V[K] extends boolean ? K : never }[keyof V & string];

/** The first message per field of a failed parse (a field is the first segment of an issue's path). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

const FOCUSABLE = ':is(input, textarea, select, button):not([type=hidden]):not([tabindex="-1"])';

/** The first field marked invalid, in page order; its label and message are then read out. */
function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector('[data-invalid]');
  const target = field?.matches(FOCUSABLE) ? field : field?.querySelector(FOCUSABLE);
  if (target instanceof HTMLElement) target.focus();
}

export interface FormModelOptions<V> {
  /** The form's empty value (from contracts/), or the record being edited. */
  initial: V;
  /** Keeps the values consistent as they change, e.g. clears choices the form now hides. */
  normalise?: (values: V) => V;
  /**
   * Keep each message until the next submit instead of clearing it when its field changes. Dialog
   * forms use this: a number field commits its value on blur, and a message vanishing then would
   * move the submit button from under the pointer, and the click would be lost.
   */
  keepErrorsUntilSubmit?: boolean;
}

/**
 * The one field-error mechanism of the site's forms: the values, a message per field name (from
 * the zod schema the API uses, from the server's `issues`, or from the form's own check), and
 * focus on the first invalid field whenever messages are shown. Field wrappers take `field(name)`.
 */
export function useFormModel<V extends object>({
  initial,
  normalise,
  keepErrorsUntilSubmit = false,
}: FormModelOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After the messages have rendered, so the focused field announces its own.
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      return normalise ? normalise(next) : next;
    });
    if (!keepErrorsUntilSubmit) setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  };

  /** Shows these messages (replacing any others) and focuses the first invalid field. */
  const showErrors = (found: FieldErrors<V>) => {
    setErrors(found);
    if (Object.values(found).some(Boolean)) setFocusRequest((n) => n + 1);
  };

  /** The values parsed by `schema`, or null after showing its first message for each field. */
  const parse = <O>(schema: z.ZodType<O>): O | null => {
    const parsed = schema.safeParse(values);
    showErrors(parsed.success ? {} : (fieldMessages(parsed.error) as FieldErrors<V>));
    return parsed.success ? parsed.data : null;
  };

  /** The server's per-field messages (`issues[].path`) for the fields this form has; true if any. */
  const showServerIssues = (err: unknown): boolean => {
    const known = Object.entries(apiErrorIssues(err)).filter(([name]) => name in (initial as object));
    if (known.length > 0) showErrors(Object.fromEntries(known) as FieldErrors<V>);
    return known.length > 0;
  };

  /** What a field wrapper (TextField, TextArea, NumberField, Checkbox...) needs for field `name`. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: V[K]) => set(name, value),
    errorMessage: errors[name],
  });

  /** The same for a checkbox, whose value is whether it is ticked. */
  const checkbox = <K extends FlagName<V>>(name: K) => ({
    name,
    isSelected: values[name] as boolean,
    onChange: (ticked: boolean) => set(name, ticked as V[K]),
    errorMessage: errors[name],
  });

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  /** Focus on the form's first field, e.g. when a blank form comes back after sending. */
  const focusFirstField = () => formRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();

  return { values, errors, set, field, checkbox, parse, showErrors, showServerIssues, reset, focusFirstField, formRef };
}

export type FormModel<V extends object> = ReturnType<typeof useFormModel<V>>;
