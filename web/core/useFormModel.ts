import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { apiErrorIssues } from './api.js';

/**
 * A field's name: the name its input carries, a top-level key, or for a field inside a list
 * field the issue's dotted path ("participantDetails.1.age").
 */
export type FieldPath<V> = (keyof V & string) | `${keyof V & string}.${number}.${string}`;
/** One message per field, keyed by the field's name. */
export type FieldErrors<V> = Partial<Record<FieldPath<V>, string>>;
/** The names of a form's yes/no fields. */
export type FlagName<V> = { [K in keyof V & string]: V[K] extends boolean ? K : never }[keyof V & string];
/** The names of a form's list fields (a repeated group of fields, e.g. one per participant). */
export type ListName<V> = { [K in keyof V & string]: V[K] extends readonly object[] ? K : never }[keyof V & string];
/** One entry of list field K. */
export type ItemOf<V, K extends keyof V> = V[K] extends readonly (infer I)[] ? I : never;

/** The first message per field of a failed parse, keyed by the issue's dotted path. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/** The messages still about a field on the page: those of list entries no longer there are dropped. */
function withoutRemovedEntries<V extends object>(errors: FieldErrors<V>, values: V): FieldErrors<V> {
  const kept = Object.entries(errors).filter(([path]) => {
    const [name, index] = path.split('.');
    const list = (values as Record<string, unknown>)[name ?? ''];
    return index === undefined || !Array.isArray(list) || Number(index) < list.length;
  });
  return kept.length === Object.keys(errors).length ? errors : (Object.fromEntries(kept) as FieldErrors<V>);
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

  // A list that shrank (fewer participants) takes its entries' messages with it.
  useEffect(() => setErrors((prev) => withoutRemovedEntries(prev, values)), [values]);

  const clearErrors = (...paths: FieldPath<V>[]) => {
    if (keepErrorsUntilSubmit) return;
    setErrors((prev) =>
      paths.some((p) => prev[p]) ? { ...prev, ...Object.fromEntries(paths.map((p) => [p, undefined])) } : prev,
    );
  };

  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      return normalise ? normalise(next) : next;
    });
    clearErrors(name);
  };

  /** Sets one field of entry `index` of list field `name`. */
  const setIn = <K extends ListName<V>, F extends keyof ItemOf<V, K> & string>(
    name: K,
    index: number,
    key: F,
    value: ItemOf<V, K>[F],
  ) => {
    setValues((prev) => {
      const list = [...(prev[name] as ItemOf<V, K>[])];
      list[index] = { ...(list[index] as object), [key]: value } as ItemOf<V, K>;
      const next = { ...prev, [name]: list };
      return normalise ? normalise(next) : next;
    });
    clearErrors(`${name}.${index}.${key}`, name);
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
    const known = Object.entries(apiErrorIssues(err)).filter(([path]) => path.split('.')[0]! in (initial as object));
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

  /** What a field wrapper needs for field `key` of entry `index` of list field `name`. */
  const listField = <K extends ListName<V>, F extends keyof ItemOf<V, K> & string>(name: K, index: number, key: F) => {
    const path: FieldPath<V> = `${name}.${index}.${key}`;
    return {
      name: path,
      value: (values[name] as ItemOf<V, K>[])[index]![key],
      onChange: (value: ItemOf<V, K>[F]) => setIn(name, index, key, value),
      errorMessage: errors[path],
    };
  };

  /** The same for a checkbox of a list entry. */
  const listCheckbox = <K extends ListName<V>, F extends keyof ItemOf<V, K> & string>(
    name: K,
    index: number,
    key: F,
  ) => {
    const { value, onChange, ...field } = listField(name, index, key);
    return { ...field, isSelected: Boolean(value), onChange: (ticked: boolean) => onChange(ticked as ItemOf<V, K>[F]) };
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  /** Every value at once (a draft brought back, what was typed before the form was live), kept consistent. */
  const replaceValues = (next: V) => setValues(normalise ? normalise(next) : next);

  /** Focus on the form's first field, e.g. when a blank form comes back after sending. */
  const focusFirstField = () => formRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();

  return {
    values,
    errors,
    set,
    setIn,
    field,
    checkbox,
    listField,
    listCheckbox,
    parse,
    showErrors,
    showServerIssues,
    reset,
    replaceValues,
    focusFirstField,
    formRef,
  };
}

export type FormModel<V extends object> = ReturnType<typeof useFormModel<V>>;
