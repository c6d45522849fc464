import type { EventMetadata } from '../../contracts/core/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import {
  WAITLIST_CHECK_EMAIL,
  WAITLIST_CONFIRM_HOURS,
  type JoinWaitlistRequest,
  type JoinWaitlistResponse,
} from '../../contracts/waitlist/api.js';
import { formatLongDateTime } from './school-dates.js';
import { enrollmentClosesAtOf, isEnrollmentOpen } from '../../contracts/catalogue/sales-window.js';
import type { AppDeps } from '../core/deps.js';
import { conflict, notFound } from '../core/errors.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { spotsLeft, type WorkshopState } from '../catalogue/workshop-decider.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { waitlistDecider } from './waitlist-decider.js';

export const WAITLIST_WORKSHOP_NOT_FOUND =
  'Workshop Not Found: it may have been removed. Please pick another from the schedule.';

/** Why this workshop takes no one on its waitlist now, or null. */
function refusal(state: WorkshopState, participants: number, now: Date): Error | null {
  const w = state.workshop;
  if (state.status !== 'scheduled' || !w) return notFound(WAITLIST_WORKSHOP_NOT_FOUND);
  if (new Date(w.date) <= now)
    return conflict(
      `${w.title} began on ${formatLongDateTime(w.date)}, so its waitlist is closed. Please pick another date from the schedule.`,
    );
  // Closed early by the school: an offer could never be taken, so no one joins.
  if (!isEnrollmentOpen(w, now))
    return conflict(
      `Enrollment for ${w.title} closed on ${formatLongDateTime(enrollmentClosesAtOf(w).toISOString())}, so its waitlist is closed. Please pick another date from the schedule.`,
    );
  const left = spotsLeft(state);
  if (left >= participants)
    return conflict(
      `${left === 1 ? 'A spot is' : `${left} spots are`} still open in ${w.title}, enough for ${participants} ${participants === 1 ? 'participant' : 'participants'}: please enroll now instead of joining the waitlist.`,
    );
  return null;
}

/**
 * Puts a parent on a workshop's waitlist (`waitlist-<workshopId>`): only while the workshop is full
 * for that many participants and has not begun. The entry counts once its e-mail is confirmed (the
 * join e-mail's link, sent by a reactor); unconfirmed, it lapses after a day. The same e-mail
 * still on the list is one entry: joining again records nothing. The answer is the same either
 * way, so it tells nobody whether an address is on the list. One client address may have only a
 * few entries on one list at a time (MAX_WAITLIST_ENTRIES_PER_CLIENT).
 */
export async function joinWaitlist(
  deps: AppDeps,
  workshopId: string,
  request: JoinWaitlistRequest,
  metadata: EventMetadata,
  /** The client address (service/core/client-address.ts) the per-address cap counts. */
  client: string,
): Promise<JoinWaitlistResponse> {
  const now = deps.clock();
  const seats = workshopStream(workshopId);
  // A refusal (seats open) must not rest on a view older than a second: seats may just have gone.
  let refused = refusal(await deps.commands.state(workshopDecider, seats, Infinity), request.participants, now);
  if (refused) refused = refusal(await deps.commands.state(workshopDecider, seats, 1_000), request.participants, now);
  if (refused) throw refused;

  const pseudonyms = pseudonymsFor(deps.config);
  const entryId = deps.newId();
  const confirmBy = new Date(now.getTime() + WAITLIST_CONFIRM_HOURS * 3_600_000).toISOString();
  const joined = await deps.commands.handle(
    waitlistDecider,
    waitlistStream(workshopId),
    {
      type: 'JoinWaitlist',
      entry: {
        entryId,
        workshopId,
        ...request,
        emailKey: pseudonyms.mailbox(request.email),
        clientKey: pseudonyms.client(client),
        joinedAt: now.toISOString(),
        confirmBy,
      },
      max: deps.config.MAX_WAITLIST_ENTRIES_PER_CLIENT,
    },
    metadata,
  );
  // The log may say which happened; the answer may not.
  deps.log.info(joined.events.length > 0 ? 'waitlist joined' : 'waitlist join repeated', {
    workshopId,
    ...(joined.events.length > 0 ? { entryId, participants: request.participants } : {}),
  });
  return { message: WAITLIST_CHECK_EMAIL, confirmWithinHours: WAITLIST_CONFIRM_HOURS };
}
