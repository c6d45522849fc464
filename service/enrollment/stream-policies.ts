import type { DeciderPolicy } from '../../platform/command/handler.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { enrollmentDecider } from './decider/enrollment-decider.js';
import { clientHoldsDecider } from './sale/client-holds-decider.js';

const BUSY = 'This workshop is very busy right now. Please try again in a moment.';

/**
 * The hot streams of an enrollment: a popular workshop's seats, the enrollments themselves and the
 * clients' unpaid-seat allowances. Their states stay cached and queued commands are decided in
 * batches (see CommandHandler). Client streams are mostly new, so they are not read before their
 * first append.
 */
export const enrollmentStreamPolicies: DeciderPolicy[] = [
  { decider: workshopDecider, cache: true, busyMessage: BUSY },
  { decider: enrollmentDecider, cache: true, busyMessage: BUSY },
  { decider: clientHoldsDecider, cache: true, guessNewStreams: true, busyMessage: BUSY },
];
