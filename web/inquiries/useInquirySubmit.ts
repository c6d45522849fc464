import { useState, type FormEvent } from 'react';
import { toast } from '../components/Toast.js';
import { apiErrorIssues } from '../core/api.js';
import { describeSendError } from './mutations.js';
import type { useInquiryForm } from './useInquiryForm.js';

export interface InquirySubmitTexts {
  success: { title: string; description: string };
  /** When the server refused without words of its own. */
  answered: string;
  /** When no answer came at all. */
  generic: string;
  /** When sending threw before any request left. */
  thrown: string;
}

/** The part of a react-query mutation the send cycle uses (method syntax keeps it assignable). */
interface SendMutation<V> {
  mutate(variables: V, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }): void;
  reset(): void;
  isPending: boolean;
}

/**
 * The send cycle both inquiry forms share, as the public-site spec words it: the required check
 * with its toast, sending, the server's words on refusal (fields kept), the thank-you panel, and
 * "again" returning to a blank form with focus on its first field.
 */
export function useInquirySubmit<F extends string>(
  form: ReturnType<typeof useInquiryForm<F>>,
  order: readonly F[],
  mutation: SendMutation<Record<F, string>>,
  texts: InquirySubmitTexts,
) {
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    try {
      if (!form.checkRequired()) return;
      mutation.mutate(form.trimmed(), {
        onSuccess: () => {
          setSent(true);
          toast(texts.success);
        },
        onError: (err) => {
          form.showServerIssues(apiErrorIssues(err));
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
    window.requestAnimationFrame(() => form.focusFirst(order));
  };

  return { sent, onSubmit, again, isPending: mutation.isPending };
}
