import { workshopStream } from '../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { MessageAudience, MessageRecipient } from '../../contracts/messages/events.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { cancellationOf } from '../enrollment/decider/enrollment-state.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { inLine, lineEntries, waitlistDecider } from '../waitlist/waitlist-decider.js';

export const NO_WORKSHOP = 'We could not find that workshop. It may have been removed.';

/** One family is one e-mail address, whatever its letter case. */
const familyKey = (email: string) => email.trim().toLowerCase();

/** Groups ids by family, in the order the families first appear. */
function byFamily(members: readonly { id: string; email: string }[], audience: MessageAudience): MessageRecipient[] {
  const families = new Map<string, string[]>();
  for (const { id, email } of members) {
    const key = familyKey(email);
    families.set(key, [...(families.get(key) ?? []), id]);
  }
  return [...families.values()].map((ids) => ({
    id: ids[0]!,
    enrollmentIds: audience === 'enrolled' ? ids : [],
  }));
}

/**
 * Who a message to a workshop's families reaches now, one entry per family (e-mail address):
 * - `enrolled`: bookings with seats in the workshop that are confirmed (paid, or free) and not
 *   cancelled, read from the workshop's and the bookings' streams, not a read model that could
 *   lag; a confirmed booking whose seats the checkout workflow has not confirmed yet counts.
 *   Unpaid holds are left out: they are not bookings yet, and their confirmation will carry the
 *   workshop as it stands. A family with two bookings is one recipient with both.
 * - `waitlist`: entries in the line (confirmed, waiting or holding an offer). Unconfirmed entries
 *   are left out: nobody has shown the address is theirs, and they do not count yet.
 * Throws 404 for a workshop that does not exist or was removed.
 */
export async function recipientsOf(
  deps: Pick<AppDeps, 'commands'>,
  workshopId: string,
  audience: MessageAudience,
): Promise<MessageRecipient[]> {
  const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
  if (ledger.status !== 'scheduled' || !ledger.workshop) throw notFound(NO_WORKSHOP);
  if (audience === 'waitlist') {
    const line = await deps.commands.state(waitlistDecider, waitlistStream(workshopId));
    return byFamily(
      lineEntries(line)
        .filter(inLine)
        .map((e) => ({ id: e.id, email: e.email })),
      audience,
    );
  }
  const bookings = await Promise.all(
    [...Object.keys(ledger.confirmed), ...Object.keys(ledger.holds)].map(async (id) => ({
      id,
      state: await deps.commands.state(enrollmentDecider, enrollmentStream(id)),
    })),
  );
  return byFamily(
    bookings.flatMap(({ id, state }) =>
      (state.status === 'confirmed' || state.status === 'paid') &&
      !cancellationOf(state) &&
      state.workshopId === workshopId &&
      state.submission
        ? [{ id, email: state.submission.form.email }]
        : [],
    ),
    audience,
  );
}
