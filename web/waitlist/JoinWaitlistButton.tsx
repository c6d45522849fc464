import { useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { JoinWaitlistDialog } from './JoinWaitlistDialog.js';

/** What a full workshop's card offers instead of "Enroll Now". */
export function JoinWaitlistButton({ workshop }: { workshop: Workshop }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onPress={() => setOpen(true)}>
        Join the Waitlist<span className="sr-only"> for {workshop.title}</span>
      </Button>
      <JoinWaitlistDialog workshop={workshop} isOpen={open} onOpenChange={setOpen} />
    </>
  );
}
