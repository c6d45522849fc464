import { lazy, Suspense } from 'react';
import type { WorkshopDialogProps } from './WorkshopDialog.js';

// The dialog brings react-aria's modal, the sale actions and the waitlist form (with zod): none of
// it is needed until a parent opens a workshop, so the schedule and events pages paint without it.
const WorkshopDialog = lazy(async () => ({ default: (await import('./WorkshopDialog.js')).WorkshopDialog }));

/** The workshop dialog, fetched the first time a workshop is chosen. */
export function LazyWorkshopDialog(props: WorkshopDialogProps) {
  if (!props.workshop) return null;
  return (
    <Suspense fallback={null}>
      <WorkshopDialog {...props} />
    </Suspense>
  );
}
