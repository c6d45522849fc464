import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { workshopRefusalWords } from '../../catalogue/refusal-answers.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale, paymentOf } from '../decider/enrollment-state.js';
import { leftParticipantIndexes, stayingParticipants } from '../decider/participants.js';
import { itemOfWorkshop } from '../sale/purchased-item.js';
import type { TransferOutcome } from './transfer.js';

const newest = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The workshop's refusal (full, begun, removed); anything else (a busy stream, an outage) is retried. */
const isRefusal = (err: unknown) => err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found');

/**
 * Moves one participant of a booking of several to another workshop, as a booking of their own
 * there. The booking they leave decides (`requestParticipantTransfer`), then
 * `settleParticipantTransfer` takes the seat in the target, opens the new booking, records the
 * move and gives the seat back here. Obvious refusals (no such workshop, full, begun) are found on
 * the target's state first, so they cost no write; the seat decision checks again.
 */
export async function requestParticipantTransferOf(
  deps: AppDeps,
  enrollmentId: string,
  participant: number,
  toWorkshopId: string,
  metadata: EventMetadata,
): Promise<TransferOutcome> {
  const at = deps.clock().toISOString();
  const target = await deps.commands.state(workshopDecider, workshopStream(toWorkshopId));
  if (target.status !== 'scheduled' || !target.workshop)
    throw notFound(`We could not find workshop ${toWorkshopId}. It may have been removed.`);
  const newEnrollmentId = deps.newId();
  workshopDecider.decide(
    { type: 'TakeTransferSeats', workshopId: toWorkshopId, enrollmentId: newEnrollmentId, seats: 1, at },
    target,
  );
  const transferId = `t-${deps.newId()}`.slice(0, 80);
  const requested = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    {
      type: 'RequestParticipantTransfer',
      participant,
      transferId,
      toWorkshopId,
      item: itemOfWorkshop(target.workshop),
      newEnrollmentId,
      at,
    },
    metadata,
  );
  const settled = await settleParticipantTransfer(deps, enrollmentId, transferId, metadata);
  return { ...settled, position: newest(requested.position, settled.position) };
}

/**
 * Brings one participant's transfer to one outcome, whatever was done before (this call, another
 * process, one that crashed between its writes). Every step is idempotent:
 * 1. while pending, the seat is taken in the target for the new booking; a refusal abandons it;
 * 2. the new booking is opened on its own stream (once), paid with what came with the place;
 * 3. the booking left records the move (ParticipantTransferred, with any difference refunded);
 * 4. the seat goes back: here down to those still coming when completed, in the target when abandoned.
 */
export async function settleParticipantTransfer(
  deps: AppDeps,
  enrollmentId: string,
  transferId: string,
  metadata: EventMetadata,
): Promise<TransferOutcome> {
  const { commands } = deps;
  const stream = enrollmentStream(enrollmentId);
  let state = await commands.state(enrollmentDecider, stream);
  let position: bigint | null = null;
  const pending = hasSale(state) && state.transfer?.transferId === transferId ? state.transfer : null;
  if (pending?.participant && state.submission) {
    const at = deps.clock().toISOString();
    const { newEnrollmentId, index, name } = pending.participant;
    let refusal: string | null = null;
    try {
      const taken = await commands.handle(
        workshopDecider,
        workshopStream(pending.toWorkshopId),
        { type: 'TakeTransferSeats', workshopId: pending.toWorkshopId, enrollmentId: newEnrollmentId, seats: 1, at },
        metadata,
      );
      position = newest(position, taken.position);
    } catch (err) {
      if (!isRefusal(err)) throw err;
      refusal = workshopRefusalWords(err as Error);
    }
    if (refusal === null) {
      const opened = await commands.handle(
        enrollmentDecider,
        enrollmentStream(newEnrollmentId),
        {
          type: 'OpenTransferredPlace',
          from: state.submission,
          transfer: {
            participant: index,
            name,
            newEnrollmentId,
            toWorkshopId: pending.toWorkshopId,
            item: pending.item,
            carriedCents: pending.amountCents,
          },
          paymentIntentId: paymentOf(state)?.intentId ?? null,
          at,
        },
        metadata,
      );
      position = newest(position, opened.position);
    }
    const ended = await commands.handle(
      enrollmentDecider,
      stream,
      refusal === null
        ? { type: 'CompleteParticipantTransfer', transferId, at }
        : { type: 'AbandonTransfer', transferId, reason: refusal, at },
      metadata,
    );
    state = ended.state;
    position = newest(position, ended.position);
  }

  const ended = hasSale(state) ? state.transfersEnded[transferId] : undefined;
  if (!ended?.newEnrollmentId || !hasSale(state)) return { outcome: 'pending', state, position };
  const given =
    ended.outcome === 'completed'
      ? state.workshopId === ended.fromWorkshopId
        ? await commands.handle(
            workshopDecider,
            workshopStream(ended.fromWorkshopId),
            {
              type: 'GiveBackSeats',
              workshopId: ended.fromWorkshopId,
              enrollmentId,
              reason: 'transferred',
              keep: stayingParticipants(state).length,
              leaving: leftParticipantIndexes(state),
            },
            metadata,
          )
        : null
      : await commands.handle(
          workshopDecider,
          workshopStream(ended.toWorkshopId),
          // A seat a late process took in the target just before the abandonment.
          {
            type: 'GiveBackSeats',
            workshopId: ended.toWorkshopId,
            enrollmentId: ended.newEnrollmentId,
            reason: 'transferred',
          },
          metadata,
        );
  position = newest(position, given?.position ?? null);
  return ended.outcome === 'completed'
    ? { outcome: 'completed', state, position }
    : { outcome: 'abandoned', reason: ended.reason ?? 'The target workshop refused the seat.', state, position };
}
