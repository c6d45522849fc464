import type { DeciderPolicy } from '../../platform/command/handler.js';
import { waitlistDecider } from './waitlist-decider.js';

/** A full workshop's waitlist is written often (joins, offers, e-mails): its state stays cached and commands are batched. */
export const waitlistStreamPolicies: DeciderPolicy[] = [
  {
    decider: waitlistDecider,
    cache: true,
    busyMessage: 'This waitlist is very busy right now. Please try again in a moment.',
  },
];
