import type { DeciderPolicy } from '../../platform/command/handler.js';
import { discountCodeDecider } from './discount-code-decider.js';
import { schoolSettingsDecider } from './settings-decider.js';
import { familyCreditDecider } from './credit-decider.js';

export const BUSY_LEDGER = 'Many people are using this code or card right now. Please try again in a moment.';

/**
 * The ledgers an enrollment takes from beside its seats (a gift card's are in gift-cards/): a
 * popular code, a family's credit, and the school's settings every enrollment reads. Cached and decided in batches like the
 * workshop's seats, so a hundred enrollments with one code cost a few appends, not a hundred conflicts.
 */
export const pricingStreamPolicies: DeciderPolicy[] = [
  { decider: discountCodeDecider, cache: true, busyMessage: BUSY_LEDGER },
  { decider: familyCreditDecider, cache: true, busyMessage: BUSY_LEDGER },
  { decider: schoolSettingsDecider, cache: true },
];
