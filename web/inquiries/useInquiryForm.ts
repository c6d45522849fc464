import { useRef, useState } from 'react';
import { toast } from '../components/Toast.js';

export const MISSING_INFO_TOAST = {
  title: 'Missing information',
  description: 'Please fill out all required fields.',
  variant: 'destructive',
} as const;

type Focusable = HTMLInputElement | HTMLTextAreaElement;

/**
 * Values, field errors and focus for a small inquiry form. The required check is the
 * form's own (spec: a toast, nothing sent); each missing field also gets its own message,
 * tied to the input, and focus moves to the first one so screen readers read it out.
 */
export function useInquiryForm<F extends string>(options: {
  initial: Record<F, string>;
  /** Field order for focus, with the message shown when a required one is empty. */
  required: Partial<Record<F, string>>;
  order: readonly F[];
}) {
  const { initial, required, order } = options;
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const refs = useRef<Partial<Record<F, Focusable | null>>>({});

  const focusFirst = (names: readonly F[]) => {
    const first = order.find((name) => names.includes(name));
    if (first) refs.current[first]?.focus();
  };

  const field = (name: F) => ({
    name,
    value: values[name],
    isRequired: name in required,
    errorMessage: errors[name],
    onChange: (value: string) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
    },
    inputRef: (el: Focusable | null) => {
      refs.current[name] = el;
    },
  });

  /** True when every required field has a value; otherwise marks them, toasts and focuses. */
  const checkRequired = (): boolean => {
    const missing: Partial<Record<F, string>> = {};
    for (const name of order) {
      const message = required[name];
      if (message && !values[name].trim()) missing[name] = message;
    }
    const names = Object.keys(missing) as F[];
    if (names.length === 0) return true;
    setErrors(missing);
    toast(MISSING_INFO_TOAST);
    focusFirst(names);
    return false;
  };

  /** Shows the server's per-field messages (issues[].path) next to the fields they name. */
  const showServerIssues = (issues: Record<string, string>) => {
    const known = order.filter((name) => issues[name]);
    if (known.length === 0) return;
    setErrors(Object.fromEntries(known.map((name) => [name, issues[name]])) as Partial<Record<F, string>>);
    focusFirst(known);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  const trimmed = () =>
    Object.fromEntries(order.map((name) => [name, values[name].trim()])) as Record<F, string>;

  return { values, errors, field, checkRequired, showServerIssues, reset, trimmed, focusFirst };
}
