import type { DeciderPolicy } from '../../platform/command/handler.js';
import { BUSY_LEDGER } from '../pricing/stream-policies.js';
import { giftCardDecider } from './gift-card-decider.js';

/** A gift card used by many orders at once is decided in batches on its cached state, as a code is. */
export const giftCardStreamPolicies: DeciderPolicy[] = [
  { decider: giftCardDecider, cache: true, busyMessage: BUSY_LEDGER },
];
