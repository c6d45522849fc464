import type { AdminRefusal } from '../../contracts/admin/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the administrators' refusals (contracts/admin/refusals.ts): their part of the one table. */
export const ADMIN_REFUSAL_ANSWERS: RefusalAnswers<AdminRefusal> = {
  administrator_exists: { words: () => 'An administrator with this id already exists.' },
  administrator_email_taken: {
    words: (r) => `${r.email} is already an administrator. Revoke the old key first to issue a new one.`,
  },
  administrator_not_found: {
    words: () => 'We could not find that administrator. The key may have been revoked already.',
  },
};
