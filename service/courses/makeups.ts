import type { EventMetadata } from '../../contracts/core/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { makeupCreditStream, type MakeupCreditGranted } from '../../contracts/courses/events.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, notFound } from '../core/errors.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { absenceKey, alreadyExpectedError, type Absence } from '../catalogue/session-seats.js';
import { creditDecider, creditVoided, type CreditState } from './credit-decider.js';
import { bookingNow, childNameOf, placeGone, voidReasonNow, voidReasonOf } from './credit-standing.js';
import { sessionSlot, sessionsOfChild } from './child-sessions.js';
import { workshopRefusalWords } from '../catalogue/refusal-answers.js';
import { CHECKOUT_WORKFLOW } from '../enrollment/checkout/checkout-reactor.js';

/** How long an absence waits for a booking's seats to be confirmed before it is decided anyway. */
const SETTLE_MS = 5_000;

const newest = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The workshop's refusal of a seat (full, begun, removed): anything else (a busy stream, an outage) is thrown and retried. */
const isRefusal = (err: unknown) =>
  err instanceof AppError &&
  ['conflict', 'not_found', 'session_full', 'session_over', 'already_in_session', 'validation'].includes(err.code);

export interface AbsenceOutcome {
  creditId: string;
  validUntil: string;
  position: bigint | null;
}

/**
 * A parent reports that one child of a confirmed booking will miss one session. The workshop's
 * stream decides (the session has not begun, the child is booked, not reported already) and frees
 * that seat for a make-up; then the credit is granted on its own stream. A crash between the two is
 * finished by the make-ups reactor on `AbsenceReported`.
 */
export async function reportAbsence(
  deps: AppDeps,
  input: { enrollmentId: string; workshopId: string; session: number; participant: number },
  metadata: EventMetadata,
): Promise<AbsenceOutcome> {
  const gone = await voidReasonNow(deps, input.enrollmentId, input);
  if (gone) throw placeGone(gone);
  await seatsSettled(deps, input.workshopId, input.enrollmentId);
  const at = deps.clock().toISOString();
  const reported = await deps.commands.handle(
    workshopDecider,
    workshopStream(input.workshopId),
    {
      type: 'ReportAbsence',
      ...input,
      creditId: `mc-${deps.newId()}`.slice(0, 64),
      validDays: deps.config.MAKEUP_VALID_DAYS,
      at,
    },
    metadata,
  );
  const absence =
    reported.state.sessionSeats.absences[absenceKey(input.enrollmentId, input.session, input.participant)]!;
  const granted = await grantAbsenceCredit(deps, input.workshopId, absence, metadata);
  return {
    creditId: absence.creditId,
    validUntil: absence.validUntil,
    position: newest(reported.position, granted.position),
  };
}

/**
 * A booking confirmed a moment ago has its seats confirmed by the checkout workflow just after:
 * the absence waits for it (bounded) rather than refuse a booking the parent was just told is theirs.
 */
async function seatsSettled(deps: AppDeps, workshopId: string, enrollmentId: string): Promise<void> {
  const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
  if (ledger.confirmed[enrollmentId] !== undefined || ledger.holds[enrollmentId] === undefined) return;
  await deps.projections.waitFor(await deps.eventStore.headPosition(), [CHECKOUT_WORKFLOW], SETTLE_MS);
}

/** The credit an absence recorded on the workshop's stream gives (idempotent: granted once). */
export async function grantAbsenceCredit(deps: AppDeps, workshopId: string, absence: Absence, metadata: EventMetadata) {
  const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
  const { creditId, enrollmentId, participant, session, validUntil, reportedAt } = absence;
  const credit: MakeupCreditGranted = {
    creditId,
    enrollmentId,
    participant,
    programId: ledger.workshop?.programId ?? null,
    workshopId,
    reason: 'absence',
    from: { workshopId, session },
    validUntil,
    grantedAt: reportedAt,
  };
  const handled = await deps.commands.handle(
    creditDecider,
    makeupCreditStream(creditId),
    { type: 'GrantCredit', credit },
    metadata,
  );
  return { credit, position: handled.position };
}

/** The school grants a credit to one child of a booking (the administrator is in the metadata). */
export async function grantSchoolCredit(
  deps: AppDeps,
  input: { enrollmentId: string; workshopId: string; participant: number; validUntil: string },
  metadata: EventMetadata,
) {
  const ledger = await deps.commands.state(workshopDecider, workshopStream(input.workshopId));
  const creditId = `mc-${deps.newId()}`.slice(0, 64);
  const credit: MakeupCreditGranted = {
    creditId,
    enrollmentId: input.enrollmentId,
    participant: input.participant,
    programId: ledger.workshop?.programId ?? null,
    workshopId: input.workshopId,
    reason: 'school',
    from: null,
    validUntil: input.validUntil,
    grantedAt: deps.clock().toISOString(),
  };
  const handled = await deps.commands.handle(
    creditDecider,
    makeupCreditStream(creditId),
    { type: 'GrantCredit', credit },
    metadata,
  );
  return { credit, position: handled.position };
}

export type MakeupOutcome =
  | { outcome: 'booked'; state: CreditState; position: bigint | null }
  | { outcome: 'refused'; error: AppError; state: CreditState; position: bigint | null };

/**
 * Books a credit into one session of an offering. The credit's stream decides first (its own, not
 * used, not expired, the same program), which is the reservation; then the target's stream takes
 * the seat; a refusal there gives the credit back (`MakeupCancelled`, reason `refused`). Obvious
 * refusals are found on the target's state first, so they cost no write.
 */
export async function bookMakeup(
  deps: AppDeps,
  input: { enrollmentId: string; creditId: string; workshopId: string; session: number },
  metadata: EventMetadata,
): Promise<MakeupOutcome> {
  const at = deps.clock().toISOString();
  const target = await deps.commands.state(workshopDecider, workshopStream(input.workshopId));
  if (target.status !== 'scheduled' || !target.workshop)
    throw notFound('We could not find that class. It may have been removed.');
  const credit = await deps.commands.state(creditDecider, makeupCreditStream(input.creditId));
  const booking = {
    type: 'BookMakeup',
    enrollmentId: input.enrollmentId,
    workshopId: input.workshopId,
    session: input.session,
    targetProgramId: target.workshop.programId ?? null,
    targetTitle: target.workshop.title,
    at,
  } as const;
  // The credit's refusals (not this booking's, void, used, expired, another program), then the seat's, on the states just read.
  creditDecider.decide(booking, credit);
  if (credit.status !== 'none') {
    // A place cancelled or moved voids its credits (the make-ups reactor records it): refused at once.
    const place = await bookingNow(deps, input.enrollmentId);
    const gone = voidReasonOf(place, credit.credit);
    if (gone) throw creditVoided(gone);
    const { enrollmentId, participant } = credit.credit;
    const seat = {
      type: 'TakeMakeupSeat',
      workshopId: input.workshopId,
      creditId: input.creditId,
      session: input.session,
      enrollmentId,
      participant,
      who: childNameOf(place, participant),
      at,
    } as const;
    workshopDecider.decide(seat, target);
    // The same saved child in another booking of this class, or on another make-up there (the workshop's
    // stream knows the credit's own booking only): read from the rosters.
    const busy = await sessionsOfChild(deps.readStore, [target.workshop], {
      enrollmentId,
      participant,
      creditId: input.creditId,
    });
    const why = busy.get(sessionSlot(input.workshopId, input.session));
    if (why) throw alreadyExpectedError(seat, target.workshop, why);
  }
  const booked = await deps.commands.handle(creditDecider, makeupCreditStream(input.creditId), booking, metadata);
  const settled = await settleMakeup(deps, input.creditId, metadata);
  return { ...settled, position: newest(booked.position, settled.position) };
}

/**
 * Brings a credit's make-up to one outcome, whatever was done before (this call, another process,
 * or one that died between its writes). Every step is idempotent:
 * 1. booked: the seat is taken in the booked session; a refusal cancels the booking (credit back);
 * 2. a seat held for the credit in a workshop it is not booked into any more is given back.
 */
export async function settleMakeup(deps: AppDeps, creditId: string, metadata: EventMetadata): Promise<MakeupOutcome> {
  const { commands } = deps;
  const stream = makeupCreditStream(creditId);
  let state = await commands.state(creditDecider, stream);
  let position: bigint | null = null;
  let refused: AppError | null = null;
  if (state.status === 'booked') {
    const { workshopId, session } = state.booking;
    try {
      const taken = await commands.handle(
        workshopDecider,
        workshopStream(workshopId),
        {
          type: 'TakeMakeupSeat',
          workshopId,
          creditId,
          session,
          enrollmentId: state.credit.enrollmentId,
          participant: state.credit.participant,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      position = newest(position, taken.position);
    } catch (err) {
      if (!isRefusal(err)) throw err;
      refused = err as AppError;
      const cancelled = await commands.handle(
        creditDecider,
        stream,
        {
          type: 'CancelMakeup',
          reason: 'refused',
          refusal: workshopRefusalWords(refused),
          workshopId,
          session,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      state = cancelled.state;
      position = newest(position, cancelled.position);
    }
  }
  return refused ? { outcome: 'refused', error: refused, state, position } : { outcome: 'booked', state, position };
}

/** Gives back the seat a credit holds in `workshopId` unless the credit is booked there now. */
export async function releaseStaleSeat(deps: AppDeps, creditId: string, workshopId: string, metadata: EventMetadata) {
  const state = await deps.commands.state(creditDecider, makeupCreditStream(creditId));
  if (state.status === 'booked' && state.booking.workshopId === workshopId) return null;
  const released = await deps.commands.handle(
    workshopDecider,
    workshopStream(workshopId),
    { type: 'ReleaseMakeupSeat', workshopId, creditId },
    metadata,
  );
  return released.position;
}

/**
 * The parent cancels a make-up before its session: the credit's stream decides (and gives the
 * credit back), then the seat is given back; the reactor finishes that after a crash.
 */
export async function cancelMakeup(
  deps: AppDeps,
  input: { enrollmentId: string; creditId: string },
  metadata: EventMetadata,
): Promise<bigint | null> {
  const stream = makeupCreditStream(input.creditId);
  const credit = await deps.commands.state(creditDecider, stream);
  if (credit.status === 'none' || credit.credit.enrollmentId !== input.enrollmentId)
    throw notFound('We could not find that make-up credit for this booking.');
  if (credit.status !== 'booked') throw new AppError('conflict', 'This make-up credit is not booked into a session.');
  const { workshopId, session } = credit.booking;
  const target = await deps.commands.state(workshopDecider, workshopStream(workshopId));
  const cancelled = await deps.commands.handle(
    creditDecider,
    stream,
    {
      type: 'CancelMakeup',
      reason: 'cancelled',
      workshopId,
      session,
      sessionStartsAt: target.workshop?.sessions[session - 1]?.startsAt,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  const released = await releaseStaleSeat(deps, input.creditId, workshopId, metadata);
  return newest(cancelled.position, released);
}
