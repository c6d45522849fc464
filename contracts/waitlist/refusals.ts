import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on a workshop's waitlist refuses a command, as data (worded in service/waitlist/refusal-answers.ts). */
export type WaitlistRefusal =
  /** One connection asked for `max` places already; it may ask again once the first unconfirmed one lapses. */
  | { code: 'waitlist_cap_reached'; max: number; retryAfterSeconds: number }
  | { code: 'confirm_link_invalid' }
  | { code: 'confirm_link_expired' }
  | { code: 'offer_taken_already' }
  | { code: 'no_longer_waiting' };

export const WAITLIST_REFUSAL_KINDS: RefusalKinds<WaitlistRefusal> = {
  waitlist_cap_reached: 'rate_limited',
  confirm_link_invalid: 'not_found',
  confirm_link_expired: 'gone',
  offer_taken_already: 'conflict',
  no_longer_waiting: 'conflict',
};
