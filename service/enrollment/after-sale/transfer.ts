import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { workshopRefusalWords } from '../../catalogue/refusal-answers.js';
import { enrollmentDecider, type EnrollmentState } from '../decider/enrollment-decider.js';
import { itemOfWorkshop } from '../sale/purchased-item.js';
import { hasSale } from '../decider/enrollment-state.js';
import { stayingParticipants } from '../decider/participants.js';

export type TransferOutcome =
  | { outcome: 'completed'; state: EnrollmentState; position: bigint | null }
  | { outcome: 'abandoned'; reason: string; state: EnrollmentState; position: bigint | null }
  /** Not finished here (another process is at it, or a store failed): the transfer reactor finishes it. */
  | { outcome: 'pending'; state: EnrollmentState; position: bigint | null };

const newest = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The workshop's refusal (full, begun, removed); anything else (a busy stream, an outage) is retried. */
const isRefusal = (err: unknown) => err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found');

/**
 * Moves a confirmed enrollment to another workshop. The enrollment's stream decides (one transfer
 * at a time, never to a dearer workshop), then `settleTransfer` takes the seats in the target and
 * gives them back in the source. Obvious refusals (no such workshop, full, begun) are found on the
 * target's state first, so they cost no write; the seat decision checks again.
 */
export async function requestTransfer(
  deps: AppDeps,
  enrollmentId: string,
  toWorkshopId: string,
  metadata: EventMetadata,
): Promise<TransferOutcome> {
  const at = deps.clock().toISOString();
  const target = await deps.commands.state(workshopDecider, workshopStream(toWorkshopId));
  if (target.status !== 'scheduled' || !target.workshop)
    throw notFound(`We could not find workshop ${toWorkshopId}. It may have been removed.`);
  const enrollment = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  // The same checks the seat decision makes, on the state just read; throws the 409.
  workshopDecider.decide(
    {
      type: 'TakeTransferSeats',
      workshopId: toWorkshopId,
      enrollmentId,
      seats: stayingParticipants(enrollment).length || 1,
      at,
    },
    target,
  );
  const transferId = `t-${deps.newId()}`.slice(0, 80);
  const requested = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    { type: 'RequestTransfer', transferId, toWorkshopId, item: itemOfWorkshop(target.workshop), at },
    metadata,
  );
  const settled = await settleTransfer(deps, enrollmentId, transferId, metadata);
  return { ...settled, position: newest(requested.position, settled.position) };
}

/**
 * Brings a transfer to one outcome, whatever was done before (by this call, another process, or
 * one that crashed between its writes). Every step is idempotent:
 * 1. while the transfer is pending, the seats are taken in the target; a refusal abandons it;
 * 2. the enrollment's stream records the outcome: completed, unless it was abandoned meanwhile;
 * 3. the seats of the workshop that lost are given back: the source when completed, the target
 *    when abandoned (seats another process took in the target just before the abandonment).
 *    A workshop the enrollment is in again (moved back later) is left alone.
 * So after it returns, the seats are in exactly one of the two workshops.
 */
export async function settleTransfer(
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
  if (pending) {
    const at = deps.clock().toISOString();
    let refusal: string | null = null;
    try {
      const taken = await commands.handle(
        workshopDecider,
        workshopStream(pending.toWorkshopId),
        { type: 'TakeTransferSeats', workshopId: pending.toWorkshopId, enrollmentId, seats: pending.seats, at },
        metadata,
      );
      position = newest(position, taken.position);
    } catch (err) {
      if (!isRefusal(err)) throw err;
      refusal = workshopRefusalWords(err as Error);
    }
    const ended = await commands.handle(
      enrollmentDecider,
      stream,
      refusal === null
        ? { type: 'CompleteTransfer', transferId, at }
        : { type: 'AbandonTransfer', transferId, reason: refusal, at },
      metadata,
    );
    state = ended.state;
    position = newest(position, ended.position);
  }

  const ended = hasSale(state) ? state.transfersEnded[transferId] : undefined;
  if (!ended || !hasSale(state)) return { outcome: 'pending', state, position };
  const loser = ended.outcome === 'completed' ? ended.fromWorkshopId : ended.toWorkshopId;
  if (loser && state.workshopId !== loser) {
    const given = await commands.handle(
      workshopDecider,
      workshopStream(loser),
      { type: 'GiveBackSeats', workshopId: loser, enrollmentId, reason: 'transferred' },
      metadata,
    );
    position = newest(position, given.position);
  }
  return ended.outcome === 'completed'
    ? { outcome: 'completed', state, position }
    : { outcome: 'abandoned', reason: ended.reason ?? 'The target workshop refused the seats.', state, position };
}
