import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../components/Toast.js';
import { useFormModel, type FieldErrors } from '../core/useFormModel.js';
import { describeSendError } from './mutations.js';

export const MISSING_INFO_TOAST = {
  title: 'Missing information',
  description: 'Please fill out all required fields.',
  variant: 'destructive',
} as const;

export interface InquiryTexts<V> {
  /** The message each required field shows when left empty. */
  required: Partial<Record<keyof V & string, string>>;
  success: { title: string; description: string };
  /** When the server refused without words of its own. */
  answered: string;
  /** When no answer came at all. */
  generic: string;
  /** When sending threw before any request left. */
  thrown: string;
  /**
   * The form as the browser posts it before the page's JavaScript runs (or without it): the
   * page's own path, and the `?sent=` the server's 303 comes back with once it is recorded.
   */
  native: { action: string; sent: string };
}

/** The part of a react-query mutation the send cycle uses (method syntax keeps it assignable). */
interface SendMutation<V> {
  mutate(variables: V, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }): void;
  reset(): void;
  isPending: boolean;
}

/**
 * The send cycle both inquiry forms share, as the public-site spec words it: the required check
 * with its toast (nothing sent; each empty field also says so), sending, the server's words on
 * refusal (fields kept, its per-field messages shown), the thank-you panel, and "again" returning
 * to a blank form with focus on its first field.
 */
export function useInquiryForm<V extends { [K in keyof V]: string }>(
  empty: V,
  mutation: SendMutation<V>,
  texts: InquiryTexts<V>,
) {
  const form = useFormModel<V>({ initial: empty });
  const [sentHere, setSent] = useState(false);
  const [params] = useSearchParams();
  // Sent by the browser itself before hydration: the server recorded it and came back here with ?sent=.
  const sentByServer = !sentHere && params.get('sent') === texts.native.sent;
  const names = Object.keys(empty) as Array<keyof V & string>;

  const missing = (): FieldErrors<V> => {
    const found: FieldErrors<V> = {};
    for (const name of names) if (texts.required[name] && !form.values[name].trim()) found[name] = texts.required[name];
    return found;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    try {
      const empties = missing();
      if (Object.keys(empties).length > 0) {
        form.showErrors(empties);
        toast(MISSING_INFO_TOAST);
        return;
      }
      const trimmed = Object.fromEntries(names.map((name) => [name, form.values[name].trim()])) as V;
      mutation.mutate(trimmed, {
        onSuccess: () => {
          setSent(true);
          toast(texts.success);
        },
        onError: (err) => {
          form.showServerIssues(err);
          toast({ variant: 'destructive', title: 'Error', description: describeSendError(err, texts) });
        },
      });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: texts.thrown });
    }
  };

  const again = () => {
    form.reset();
    mutation.reset();
    setSent(false);
    window.requestAnimationFrame(() => form.focusFirstField());
  };

  /** A field's props, marked required when the form asks for it. */
  const field = <K extends keyof V & string>(name: K) => ({ ...form.field(name), isRequired: name in texts.required });

  return {
    field,
    formRef: form.formRef,
    sent: sentHere || sentByServer,
    /** After a post without JavaScript, "again" is a link to the blank form, which works with or without it. */
    againHref: sentByServer ? texts.native.action : undefined,
    formProps: { method: 'post', action: texts.native.action, onSubmit },
    again,
    isPending: mutation.isPending,
  };
}
