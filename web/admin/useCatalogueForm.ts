import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { apiErrorIssues } from '../core/api.js';
import { fieldMessages, useCatalogueWrite, type CatalogueKind } from './catalogueWrites.js';

/**
 * The draft-check-write cycle of the program and workshop forms: the draft is checked with the
 * same zod schema the API uses, field messages show next to their fields (the server's, if it
 * refused, over the ones found here), and only a draft that passes is sent.
 */
export function useCatalogueForm<D extends object, B>(kind: CatalogueKind, initial: D, schema: z.ZodType<B>, onClose: () => void) {
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const write = useCatalogueWrite(kind, onClose);
  const set =
    <K extends keyof D>(field: K) =>
    (value: D[K]) =>
      setDraft((d) => ({ ...d, [field]: value }));
  const errors = { ...checked, ...apiErrorIssues(write.error) };

  const submitWith = (send: (body: B) => void) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(draft);
    setChecked(parsed.success ? {} : fieldMessages(parsed.error));
    if (parsed.success) send(parsed.data);
  };

  return { draft, set, errors, write, submitWith };
}
