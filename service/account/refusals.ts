import { ACCOUNT_REFUSAL_KINDS, type AccountRefusal } from '../../contracts/account/refusals.js';
import { refuser } from '../core/errors.js';

/** How the family account's decisions refuse: a typed code and its values (contracts/account/refusals.ts). */
export const refuse = refuser<AccountRefusal>(ACCOUNT_REFUSAL_KINDS);
