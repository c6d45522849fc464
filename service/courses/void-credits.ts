import type { EventMetadata } from '../../contracts/core/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { makeupCreditStream, type VoidReason } from '../../contracts/courses/events.js';
import type { AppDeps } from '../core/deps.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { creditDecider } from './credit-decider.js';
import { creditDocsOf } from './credit-queries.js';
import { releaseStaleSeat } from './makeups.js';

/**
 * Voids one credit on its own stream (idempotent: a void credit records nothing more). A make-up it
 * is booked into whose session has not begun ends with it, and that seat goes back; one begun
 * stands (the credit was spent).
 */
export async function voidCredit(deps: AppDeps, creditId: string, reason: VoidReason, metadata: EventMetadata) {
  const stream = makeupCreditStream(creditId);
  const credit = await deps.commands.state(creditDecider, stream);
  let booked: { workshopId: string; session: number; startsAt: string | undefined } | undefined;
  if (credit.status === 'booked') {
    const { workshopId, session } = credit.booking;
    const target = await deps.commands.state(workshopDecider, workshopStream(workshopId));
    booked = { workshopId, session, startsAt: target.workshop?.sessions[session - 1]?.startsAt };
  }
  const voided = await deps.commands.handle(
    creditDecider,
    stream,
    { type: 'VoidCredit', reason, booked, at: deps.clock().toISOString() },
    metadata,
  );
  const ended = voided.events.flatMap((e) => (e.type === 'MakeupCreditVoided' ? [e.data.booking] : []))[0];
  if (ended) await releaseStaleSeat(deps, creditId, ended.workshopId, metadata);
  return voided.position;
}

/**
 * Voids every credit of a booking (or of one child's place, given `participant`; or, given `from`,
 * those granted in that workshop by that time), as the `makeup-credits` read model lists them once
 * it has read up to `position`: the make-ups reactor calls it on the cancellation or transfer at
 * `position`. A read model still behind after the wait is an error, so the reactor tries again
 * rather than miss a credit.
 */
export async function voidCreditsOf(
  deps: AppDeps,
  input: {
    enrollmentId: string;
    reason: VoidReason;
    participant?: number;
    from?: { workshopId: string; grantedBy: string };
    position: bigint;
  },
  metadata: EventMetadata,
) {
  if (!(await deps.projections.waitFor(input.position, ['makeup-credits'], 2_000)))
    throw new Error(`makeup-credits has not read up to ${input.position} yet`);
  const { participant, from } = input;
  for (const doc of await creditDocsOf(deps, input.enrollmentId)) {
    if (doc.status === 'voided') continue;
    if (participant !== undefined && doc.participant !== participant) continue;
    if (from && (doc.workshopId !== from.workshopId || Date.parse(doc.grantedAt) > Date.parse(from.grantedBy)))
      continue;
    await voidCredit(deps, doc.id, input.reason, metadata);
  }
}
