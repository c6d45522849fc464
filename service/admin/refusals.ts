import { ADMIN_REFUSAL_KINDS, type AdminRefusal } from '../../contracts/admin/refusals.js';
import { refuser } from '../core/errors.js';

/** How the administrators' decisions refuse: a typed code and its values (contracts/admin/refusals.ts). */
export const refuse = refuser<AdminRefusal>(ADMIN_REFUSAL_KINDS);
