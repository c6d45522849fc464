import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on the administrators' stream refuses a command, as data (worded in service/admin/refusal-answers.ts). */
export type AdminRefusal =
  | { code: 'administrator_exists' }
  | { code: 'administrator_email_taken'; email: string }
  | { code: 'administrator_not_found' };

export const ADMIN_REFUSAL_KINDS: RefusalKinds<AdminRefusal> = {
  administrator_exists: 'conflict',
  administrator_email_taken: 'conflict',
  administrator_not_found: 'not_found',
};
