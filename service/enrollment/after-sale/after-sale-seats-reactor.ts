import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { workshopRefusalWords } from '../../catalogue/refusal-answers.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { isRefusal, runCommand } from '../checkout/run-commands.js';
import { seatsWorkflow, type SeatsOutput } from './seats-workflow.js';

type SeatWork = Extract<
  EnrollmentEvent,
  {
    type:
      | 'EnrollmentCancelled'
      | 'ParticipantCancelled'
      | 'TransferRequested'
      | 'EnrollmentTransferred'
      | 'ParticipantTransferRequested'
      | 'ParticipantTransferred'
      | 'TransferAbandoned';
  }
>;

export const AFTER_SALE_SEATS_REACTOR = 'after-sale-seats';

type Deps = Pick<AppDeps, 'commands' | 'clock' | 'log'>;

/**
 * Runs the after-sale seats workflow (seats-workflow.ts) where the effects run: for each of the
 * booking's after-sale events it reads the booking as it stands, decides, and hands each command
 * to its stream in order. The target workshop refusing a transfer's seats stops the rest and is
 * fed back (`SeatsRefused`, in the workshop's words), which abandons the transfer. The booking's
 * stream and the workshops' decide every step again, so a delivery again (a crash, another
 * runner) repeats nothing; each booking's events are handled in order, bookings side by side.
 */
export function afterSaleSeatsReactor(deps: Deps) {
  return defineReactor<SeatWork>({
    name: AFTER_SALE_SEATS_REACTOR,
    eventTypes: [
      'EnrollmentCancelled',
      'ParticipantCancelled',
      'TransferRequested',
      'EnrollmentTransferred',
      'ParticipantTransferRequested',
      'ParticipantTransferred',
      'TransferAbandoned',
    ],
    keyOf: (event) => enrollmentIdOf(event),
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      const refused = await run(deps, seatsWorkflow.decide(event, state, enrollmentId, deps.clock()), metadata);
      if (!refused || !('transferId' in event.data)) return;
      const again = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      const input = { type: 'SeatsRefused' as const, data: { transferId: event.data.transferId, reason: refused } };
      await run(deps, seatsWorkflow.decide(input, again, enrollmentId, deps.clock()), metadata);
    },
  });
}

/** Runs the outputs in order; a transfer's seats refused by the target answers its words and stops the rest. */
async function run(deps: Deps, outputs: SeatsOutput[], metadata: EventMetadata): Promise<string | null> {
  for (const output of outputs) {
    try {
      await runCommand(deps, output, metadata);
    } catch (err) {
      if (output.to !== 'workshop' || output.command.type !== 'TakeTransferSeats' || !isRefusal(err)) throw err;
      return workshopRefusalWords(err);
    }
  }
  return null;
}
