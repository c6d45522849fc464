import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { JoinWaitlistButton } from '../waitlist/JoinWaitlistButton.js';

/** What a full workshop offers in place of "Enroll Now" (card and details dialog): its waitlist. */
export function WorkshopFullAction({ workshop }: { workshop: Workshop }) {
  return <JoinWaitlistButton workshop={workshop} />;
}
