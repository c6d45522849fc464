import type { RefusalKinds } from '../core/refusals.js';

/**
 * Why a decision on a family account's streams refuses a command (the household, an address's
 * links, a sign-in link), as data. Worded in service/account/refusal-answers.ts.
 */
export type AccountRefusal =
  | { code: 'signed_out' }
  | { code: 'parent_removed' }
  | { code: 'already_a_parent' }
  | { code: 'two_parents_already' }
  | { code: 'parent_not_found' }
  | { code: 'cannot_remove_self' }
  | { code: 'child_exists' }
  | { code: 'too_many_children'; max: number }
  | { code: 'child_not_found' }
  /** One answer for a link used, expired, forged or malformed alike. */
  | { code: 'sign_in_link_refused' }
  | { code: 'sign_in_request_exists' }
  /** An invitation withdrawn, more than 7 days old, or not made to this address (issue 36). */
  | { code: 'invitation_ended' }
  /** An address with a family page of its own cannot join another one. */
  | { code: 'already_has_a_page' }
  /** A booking's children were matched to the family's already (once, issue 37). */
  | { code: 'children_matched_already' };

export const ACCOUNT_REFUSAL_KINDS: RefusalKinds<AccountRefusal> = {
  signed_out: 'unauthorized',
  parent_removed: 'unauthorized',
  already_a_parent: 'conflict',
  two_parents_already: 'conflict',
  parent_not_found: 'not_found',
  cannot_remove_self: 'conflict',
  child_exists: 'conflict',
  too_many_children: 'conflict',
  child_not_found: 'not_found',
  sign_in_link_refused: 'unauthorized',
  sign_in_request_exists: 'conflict',
  invitation_ended: 'gone',
  already_has_a_page: 'conflict',
  children_matched_already: 'conflict',
};
