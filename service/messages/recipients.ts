import { workshopStream } from '../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { MessageAudience, MessageRecipient } from '../../contracts/messages/events.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound, validationError } from '../core/errors.js';
import { enrollmentDecider, type EnrollmentState } from '../enrollment/decider/enrollment-decider.js';
import { cancellationOf, type SubmittedEnrollment } from '../enrollment/decider/enrollment-state.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import type { WorkshopState } from '../catalogue/workshop-state.js';
import { inLine, lineEntries, waitlistDecider } from '../waitlist/waitlist-decider.js';
import { hasStopped } from './message-stop.js';

export const NO_WORKSHOP = 'We could not find that workshop. It may have been removed.';

/** One family is one e-mail address, whatever its letter case. */
const familyKey = (email: string) => email.trim().toLowerCase();

interface Member {
  id: string;
  email: string;
  /** There on a make-up, its booking being of another class. */
  makeup?: boolean;
}

/** Groups ids by family, in the order the families first appear; a family there only on make-ups is marked so. */
function byFamily(members: readonly Member[], audience: MessageAudience): MessageRecipient[] {
  const families = new Map<string, Member[]>();
  for (const member of members) {
    const key = familyKey(member.email);
    const known = families.get(key) ?? [];
    if (!known.some((m) => m.id === member.id)) families.set(key, [...known, member]);
  }
  return [...families.values()].map((ms) => ({
    id: ms[0]!.id,
    enrollmentIds: audience === 'enrolled' ? ms.map((m) => m.id) : [],
    ...(audience === 'enrolled' && ms.every((m) => m.makeup) ? { makeup: true as const } : {}),
  }));
}

/** A booking that stands: confirmed (paid, or free) and not cancelled; a paid one whose seats are still being confirmed counts. */
const stands = (state: EnrollmentState): state is SubmittedEnrollment =>
  (state.status === 'confirmed' || state.status === 'paid') && !cancellationOf(state) && state.submission !== null;

/** Whether every child of the booking still coming reported missing `session`. */
function allAbsent(ledger: WorkshopState, enrollmentId: string, session: number): boolean {
  const seats = ledger.confirmed[enrollmentId] ?? ledger.holds[enrollmentId] ?? 0;
  const absent = Object.values(ledger.sessionSeats.absences).filter(
    (a) => a.enrollmentId === enrollmentId && a.session === session,
  ).length;
  return seats > 0 && absent >= seats;
}

/**
 * Who a message to a workshop's families reaches now, one entry per family (e-mail address), read
 * from the workshop's and the bookings' streams, not a read model that could lag:
 * - `enrolled`: every family expected in the class (or in `session`, when one is chosen): bookings
 *   with seats in the workshop that are confirmed (paid, or free) and not cancelled (a confirmed
 *   booking whose seats the checkout workflow has not confirmed yet counts), less those whose every
 *   child reported missing the session; and the children there on a make-up (in that session, or
 *   in any). Unpaid holds are left out: they are not bookings yet, and their confirmation will carry
 *   the workshop as it stands. A family with two bookings is one recipient with both.
 * - `waitlist`: entries in the line (confirmed, waiting or holding an offer). Unconfirmed entries
 *   are left out: nobody has shown the address is theirs, and they do not count yet.
 * A family that asked for no more of these messages (its stop link) is left out.
 * Throws 404 for a workshop that does not exist or was removed, 400 for a session it does not have.
 */
export async function recipientsOf(
  deps: Pick<AppDeps, 'commands' | 'config'>,
  workshopId: string,
  audience: MessageAudience,
  session?: number,
): Promise<MessageRecipient[]> {
  const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
  if (ledger.status !== 'scheduled' || !ledger.workshop) throw notFound(NO_WORKSHOP);
  if (session !== undefined && session > ledger.workshop.sessions.length) {
    const message = `This class has ${ledger.workshop.sessions.length} ${ledger.workshop.sessions.length === 1 ? 'session' : 'sessions'}: choose one of them, or the whole class.`;
    throw validationError(message, [{ path: 'session', message }]);
  }
  const members = audience === 'waitlist' ? await waitlisted(deps, workshopId) : await expected(deps, ledger, session);
  const stopped = await Promise.all(members.map((m) => hasStopped(deps, m.email)));
  return byFamily(
    members.filter((_, i) => !stopped[i]),
    audience,
  );
}

async function waitlisted(deps: Pick<AppDeps, 'commands'>, workshopId: string): Promise<Member[]> {
  const line = await deps.commands.state(waitlistDecider, waitlistStream(workshopId));
  return lineEntries(line)
    .filter(inLine)
    .map((e) => ({ id: e.id, email: e.email }));
}

/** The families expected in the class, or in one session of it: its bookings, then the make-ups. */
async function expected(
  deps: Pick<AppDeps, 'commands'>,
  ledger: WorkshopState,
  session: number | undefined,
): Promise<Member[]> {
  const workshopId = ledger.workshop!.id;
  const booked = [...Object.keys(ledger.confirmed), ...Object.keys(ledger.holds)].filter(
    (id) => session === undefined || !allAbsent(ledger, id, session),
  );
  const makeups = Object.values(ledger.sessionSeats.makeupsByCredit)
    .filter((m) => session === undefined || m.session === session)
    .map((m) => m.enrollmentId);
  const read = (id: string) => deps.commands.state(enrollmentDecider, enrollmentStream(id));
  const [bookings, visiting] = await Promise.all([Promise.all(booked.map(read)), Promise.all(makeups.map(read))]);
  return [
    ...bookings.flatMap((state, i) =>
      stands(state) && state.workshopId === workshopId ? [{ id: booked[i]!, email: state.submission.form.email }] : [],
    ),
    ...visiting.flatMap((state, i) =>
      stands(state) ? [{ id: makeups[i]!, email: state.submission.form.email, makeup: true }] : [],
    ),
  ];
}
