import { workshopStream } from '../../../contracts/catalogue/events.js';
import { makeupCreditStream, type MakeupCreditEvent } from '../../../contracts/courses/events.js';
import type { MakeupCreditDoc } from '../../../projections/courses/makeup-credits.js';
import type { AppDeps } from '../../core/deps.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { itemOfWorkshop } from '../sale/purchased-item.js';
import type { BookedMakeup } from './makeup-ics.js';

type Seat = { workshopId: string; session: number };
type Deps = Pick<AppDeps, 'commands' | 'eventStore' | 'readStore' | 'projections' | 'clock'>;

/**
 * A booking's make-up credits, from the `makeup-credits` read model (the courses slice decides
 * them; the calendar files only read them, so this slice does not import that one).
 */
async function creditsOf(deps: Pick<AppDeps, 'readStore'>, enrollmentId: string) {
  const { items } = await deps.readStore.find<MakeupCreditDoc>('makeup-credits', { where: { enrollmentId } });
  return items.map((i) => i.doc);
}

/** How long the cancellation e-mail waits for `makeup-credits` before it tries again (as the make-ups reactor). */
const CREDITS_WAIT_MS = 2_000;

/**
 * A credit's make-up from its stream: the one booked now, or the one its voiding ended (the read
 * model forgets that seat once the credit is void, the stream keeps it).
 */
async function seatOf(deps: Pick<AppDeps, 'eventStore'>, creditId: string) {
  let booked: Seat | null = null;
  let ended: Seat | null = null;
  for (const e of (await deps.eventStore.readStream(makeupCreditStream(creditId))) as MakeupCreditEvent[]) {
    if (e.type === 'MakeupBooked') booked = { workshopId: e.data.workshopId, session: e.data.session };
    else if (e.type === 'MakeupCancelled') booked = null;
    else if (e.type === 'MakeupCreditVoided') [ended, booked] = [e.data.booking, null];
  }
  return { booked, ended };
}

/** Each seat with its class as a purchase item and its session's start; a class no longer in the catalogue is left out. */
async function asMakeups<S extends Seat & { creditId: string }>(deps: Pick<AppDeps, 'commands'>, seats: S[]) {
  const items = new Map<string, BookedMakeup['item'] | null>();
  const out: Array<{ seat: S; makeup: BookedMakeup; startsAt: string | undefined }> = [];
  for (const seat of seats) {
    const { creditId, workshopId, session } = seat;
    if (!items.has(workshopId)) {
      const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
      items.set(workshopId, ledger.workshop ? itemOfWorkshop(ledger.workshop) : null);
    }
    const item = items.get(workshopId);
    if (item) out.push({ seat, makeup: { creditId, item, session }, startsAt: item.sessions?.[session - 1]?.startsAt });
  }
  return out;
}

/** The make-ups a booking's children have booked now, as the booking page's calendar file lists them. */
export async function bookedMakeupsOf(deps: Deps, enrollmentId: string): Promise<BookedMakeup[]> {
  const docs = await creditsOf(deps, enrollmentId);
  const seats = docs.flatMap((d) => (d.status === 'booked' && d.booking ? [{ creditId: d.id, ...d.booking }] : []));
  return (await asMakeups(deps, seats)).map((m) => m.makeup);
}

/**
 * The make-ups that end with the cancellation at `position` (the whole booking's, or one child's
 * place): those its credits' voiding ended, and those still booked whose session has not begun,
 * which the make-ups reactor is about to end (one begun stands: the credit was spent on it).
 */
export async function makeupsEnding(
  deps: Deps,
  enrollmentId: string,
  { participant, position }: { participant?: number; position: bigint },
): Promise<BookedMakeup[]> {
  if (!(await deps.projections.waitFor(position, ['makeup-credits'], CREDITS_WAIT_MS)))
    throw new Error(`makeup-credits has not read up to ${position} yet`);
  const now = deps.clock().getTime();
  const seats: Array<Seat & { creditId: string; ended: boolean }> = [];
  for (const doc of await creditsOf(deps, enrollmentId)) {
    if (participant !== undefined && doc.participant !== participant) continue;
    const { booked, ended } = await seatOf(deps, doc.id);
    const seat = ended ?? booked;
    if (seat) seats.push({ creditId: doc.id, ...seat, ended: ended !== null });
  }
  return (await asMakeups(deps, seats))
    .filter((m) => m.seat.ended || m.startsAt === undefined || Date.parse(m.startsAt) > now)
    .map((m) => m.makeup);
}
