import type { FormEvent } from 'react';
import type { z } from 'zod';
import { useFormModel } from '../core/useFormModel.js';
import { useCatalogueWrite, type CatalogueKind, type CatalogueWrite } from './catalogueWrites.js';

/**
 * The check-then-write cycle of the program and workshop forms: the values are checked with the
 * same zod schema the API uses, and only values that pass are sent. Messages (found here, or the
 * server's if it refused) stay until the next submit: see keepErrorsUntilSubmit.
 */
export function useCatalogueForm<V extends object, B>(
  kind: CatalogueKind,
  initial: V,
  schema: z.ZodType<B>,
  onClose: () => void,
) {
  const form = useFormModel<V>({ initial, keepErrorsUntilSubmit: true });
  const write = useCatalogueWrite(kind, onClose);

  /** The submit handler: `writeOf` turns the checked body into the write to send. */
  const submitWith = (writeOf: (body: B) => CatalogueWrite) => (event: FormEvent) => {
    event.preventDefault();
    const body = form.parse(schema);
    if (body) write.mutate(writeOf(body), { onError: (err) => form.showServerIssues(err) });
  };

  return { ...form, write, submitWith };
}
