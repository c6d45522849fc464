import type { WaitlistRefusal } from '../../contracts/waitlist/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the waitlist's refusals (contracts/waitlist/refusals.ts): its part of the one table. */
export const WAITLIST_REFUSAL_ANSWERS: RefusalAnswers<WaitlistRefusal> = {
  waitlist_cap_reached: {
    words: ({ max }) =>
      `Only ${max} ${max === 1 ? 'place' : 'places'} on this waitlist can be asked for from one connection. Please confirm the places already asked for from the e-mails we sent, or try again later.`,
    retryAfterSeconds: (r) => r.retryAfterSeconds,
  },
  confirm_link_invalid: {
    words: () =>
      'This confirmation link is not valid. Please open the link from your waitlist e-mail again, or join the waitlist again from the schedule.',
  },
  confirm_link_expired: {
    words: () =>
      'This confirmation link has expired: places on the waitlist must be confirmed within a day. If you still want a place, please join the waitlist again from the schedule.',
  },
  offer_taken_already: {
    words: () => 'You already enrolled with the seats offered to you, so there is no waitlist place to confirm.',
  },
  no_longer_waiting: {
    words: () =>
      'You are no longer on this waitlist. If you still want a place, please join it again from the schedule.',
  },
};
