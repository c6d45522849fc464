import { useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { LazyWorkshopDialog } from './LazyWorkshopDialog.js';

/** The details dialog of a list of workshops: `open` one, and `dialog` where the list renders it. */
export function useWorkshopDialog(now: Date) {
  const [shown, setShown] = useState<{ workshop: Workshop | null; open: boolean }>({ workshop: null, open: false });
  return {
    open: (workshop: Workshop) => setShown({ workshop, open: true }),
    dialog: (
      <LazyWorkshopDialog
        workshop={shown.workshop}
        isOpen={shown.open}
        onOpenChange={(open) => setShown((s) => ({ ...s, open }))}
        now={now}
      />
    ),
  };
}
