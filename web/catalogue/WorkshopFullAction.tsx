import type { Workshop } from '../../contracts/catalogue/workshop.js';

/**
 * What a full workshop offers in place of "Enroll Now" (card and details dialog). Kept on its own
 * so the waitlist can replace it with "Join the Waitlist" in one place.
 */
export function WorkshopFullAction({ workshop }: { workshop: Workshop }) {
  return (
    <p className="workshop-state workshop-state--full">
      This workshop is full<span className="sr-only">: {workshop.title}</span>
    </p>
  );
}
