import type { AccountRefusal } from '../../contracts/account/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

export const CHILD_NOT_FOUND = 'We could not find that child in your family account.';

/** How the API words the family account's refusals (contracts/account/refusals.ts): its part of the one table. */
export const ACCOUNT_REFUSAL_ANSWERS: RefusalAnswers<AccountRefusal> = {
  signed_out: { words: () => 'Please sign in again to continue.' },
  parent_removed: { words: () => 'This e-mail address is no longer part of that family account.' },
  already_a_parent: { words: () => 'This address is already a parent of your family account.' },
  two_parents_already: {
    words: () => 'A family account has two parents. Remove the other parent or their invitation first.',
  },
  parent_not_found: { words: () => 'We could not find that parent in your family account.' },
  cannot_remove_self: {
    words: () => 'You cannot remove yourself. The other parent can remove you from their family page.',
  },
  child_exists: { words: () => 'A child with this id exists already.' },
  too_many_children: {
    words: (r) => `A family account holds at most ${r.max} children. Please call us to add more.`,
  },
  child_not_found: { words: () => CHILD_NOT_FOUND },
  sign_in_link_refused: {
    words: () =>
      'This sign-in link cannot be used: it was used already, it is more than 20 minutes old, or it is not a link we sent. Please ask for a new one.',
  },
  sign_in_request_exists: { words: () => 'This sign-in request exists already.' },
  invitation_ended: {
    words: () =>
      'This invitation has ended: it was withdrawn, it is more than 7 days old, or it was not made to this address. Ask the family to invite you again, or start your own family page.',
  },
  children_matched_already: {
    words: () => 'The children of this booking were matched already. Please call us to change it.',
  },
  already_has_a_page: {
    words: () =>
      'This address already has a family page of its own, so it cannot join another family’s page. Sign in to your own page instead.',
  },
};
