import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { enrollmentDecider, type EnrollmentState } from '../decider/enrollment-decider.js';
import type { EnrollmentCommand } from '../decider/commands.js';
import { itemOfWorkshop } from '../sale/purchased-item.js';
import { hasSale } from '../decider/enrollment-state.js';
import { stayingParticipants } from '../decider/participants.js';
import { AFTER_SALE_SEATS_REACTOR } from './after-sale-seats-reactor.js';

export type TransferOutcome =
  | { outcome: 'completed'; state: EnrollmentState; position: bigint | null }
  | { outcome: 'abandoned'; reason: string; state: EnrollmentState; position: bigint | null }
  /** Not finished yet (the workflow is behind, or its process is down): it finishes it. */
  | { outcome: 'pending'; state: EnrollmentState; position: bigint | null };

/** How long the answer waits for the seats workflow to bring a transfer to its outcome. */
const SETTLE_MS = 10_000;

/**
 * Moves a confirmed enrollment to another workshop. The booking's stream decides (one transfer at
 * a time, never to a dearer workshop); the seats are the after-sale seats workflow's
 * (seats-workflow.ts): taken in the target, then the transfer completed and the source's given
 * back, or, refused, abandoned. Obvious refusals (no such workshop, full, begun) are found on the
 * target's state first, so they cost no write; the seat decision checks again.
 */
export function requestTransfer(
  deps: AppDeps,
  enrollmentId: string,
  toWorkshopId: string,
  metadata: EventMetadata,
): Promise<TransferOutcome> {
  return request(deps, enrollmentId, toWorkshopId, metadata, (state, item, transferId, at) => ({
    check: { enrollmentId, seats: stayingParticipants(state).length || 1 },
    command: { type: 'RequestTransfer', transferId, toWorkshopId, item, at },
  }));
}

/**
 * Moves one participant of a booking of several to another workshop, as a booking of their own
 * there: the booking they leave decides, and the seats workflow takes the seat in the target,
 * opens the new booking, records the move and gives the seat back here.
 */
export function requestParticipantTransferOf(
  deps: AppDeps,
  enrollmentId: string,
  participant: number,
  toWorkshopId: string,
  metadata: EventMetadata,
): Promise<TransferOutcome> {
  const newEnrollmentId = deps.newId();
  return request(deps, enrollmentId, toWorkshopId, metadata, (_state, item, transferId, at) => ({
    check: { enrollmentId: newEnrollmentId, seats: 1 },
    command: { type: 'RequestParticipantTransfer', participant, transferId, toWorkshopId, item, newEnrollmentId, at },
  }));
}

type Plan = (
  state: EnrollmentState,
  item: ReturnType<typeof itemOfWorkshop>,
  transferId: string,
  at: string,
) => { check: { enrollmentId: string; seats: number }; command: EnrollmentCommand };

/** The request's part: the obvious refusals checked, the transfer recorded, its outcome awaited. */
async function request(
  deps: AppDeps,
  enrollmentId: string,
  toWorkshopId: string,
  metadata: EventMetadata,
  plan: Plan,
): Promise<TransferOutcome> {
  const at = deps.clock().toISOString();
  const target = await deps.commands.state(workshopDecider, workshopStream(toWorkshopId));
  if (target.status !== 'scheduled' || !target.workshop)
    throw notFound(`We could not find workshop ${toWorkshopId}. It may have been removed.`);
  const stream = enrollmentStream(enrollmentId);
  const transferId = `t-${deps.newId()}`.slice(0, 80);
  const { check, command } = plan(
    await deps.commands.state(enrollmentDecider, stream),
    itemOfWorkshop(target.workshop),
    transferId,
    at,
  );
  // The same checks the seat decision makes, on the state just read; throws the 409.
  workshopDecider.decide({ type: 'TakeTransferSeats', workshopId: toWorkshopId, ...check, at }, target);
  const requested = await deps.commands.handle(enrollmentDecider, stream, command, metadata);
  // The transfer decided, then the seats of the workshop that lost given back: two turns of the workflow.
  for (const after of [requested.position, await deps.eventStore.headPosition()])
    if (after !== null) await deps.projections.waitFor(after, [AFTER_SALE_SEATS_REACTOR], SETTLE_MS);
  const state = await deps.commands.state(enrollmentDecider, stream);
  const ended = hasSale(state) ? state.transfersEnded[transferId] : undefined;
  // After the workflow's own records: a read waiting on this position sees the move.
  const position = await deps.eventStore.headPosition();
  if (!ended) return { outcome: 'pending', state, position };
  return ended.outcome === 'completed'
    ? { outcome: 'completed', state, position }
    : { outcome: 'abandoned', reason: ended.reason ?? 'The target workshop refused the seats.', state, position };
}
