import { WAITLIST_REFUSAL_KINDS, type WaitlistRefusal } from '../../contracts/waitlist/refusals.js';
import { refuser } from '../core/errors.js';

/** How the waitlist's decisions refuse: a typed code and its values (contracts/waitlist/refusals.ts). */
export const refuse = refuser<WaitlistRefusal>(WAITLIST_REFUSAL_KINDS);
