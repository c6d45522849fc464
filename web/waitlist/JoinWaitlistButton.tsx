import { lazy, Suspense, useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';

// The dialog brings react-aria's modal, the number and text fields and the form's checks (zod):
// fetched the first time a parent asks for it, so a schedule of full workshops does not load it.
const JoinWaitlistDialog = lazy(async () => ({
  default: (await import('./JoinWaitlistDialog.js')).JoinWaitlistDialog,
}));

/** What a full workshop's card offers instead of "Enroll Now". */
export function JoinWaitlistButton({ workshop }: { workshop: Workshop }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        size="sm"
        onPress={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        Join the Waitlist<span className="sr-only"> for {workshop.title}</span>
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <JoinWaitlistDialog workshop={workshop} isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
