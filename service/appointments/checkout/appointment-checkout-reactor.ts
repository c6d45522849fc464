import type { EventMetadata } from '../../../contracts/core/events.js';
import { APPOINTMENT_TYPES_STREAM } from '../../../contracts/appointments/appointment-type.js';
import { appointmentStream, type AppointmentEvent } from '../../../contracts/appointments/booking.js';
import { calendarStream } from '../../../contracts/instructors/calendar.js';
import { lessonPackStream } from '../../../contracts/appointments/lesson-pack.js';
import { lessonPackDecider } from '../packs/lesson-pack-decider.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { RefundRefusedError } from '../../payments/port.js';
import { calendarDecider } from '../../instructors/calendar-decider.js';
import { appointmentDecider, type AppointmentState } from '../appointment-decider.js';
import { appointmentTypesDecider } from '../types-decider.js';
import {
  appointmentCheckoutWorkflow,
  type AppointmentCheckoutInput,
  type AppointmentCheckoutOutput,
} from './appointment-checkout-workflow.js';

export const APPOINTMENT_CHECKOUT_WORKFLOW = 'appointment-checkout';

type Input = Extract<AppointmentEvent, { type: 'AppointmentPaid' | 'AppointmentExpired' | 'AppointmentCancelled' }>;
type Deps = Pick<AppDeps, 'commands' | 'payments' | 'clock' | 'log'>;

/** A stream's answer that asking again would not change (the time taken, the appointment gone). */
const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && ['validation', 'conflict', 'not_found'].includes(err.code);

/**
 * Runs the appointment checkout (appointment-checkout-workflow.ts) where the effects run: for each
 * input it reads the appointment as it stands, decides, and hands each command to its stream in
 * order; a refusal stops the rest and is fed back as `StepRefused` (the money back). The refund's
 * provider call is keyed by the appointment, so it is made once.
 */
export function appointmentCheckoutReactor(deps: Deps) {
  return defineReactor<Input>({
    name: APPOINTMENT_CHECKOUT_WORKFLOW,
    eventTypes: ['AppointmentPaid', 'AppointmentExpired', 'AppointmentCancelled'],
    keyOf: (event) => event.data.appointmentId,
    async handle(event, { metadata }) {
      const decide = async (input: AppointmentCheckoutInput) => {
        const state = await deps.commands.state(appointmentDecider, appointmentStream(event.data.appointmentId));
        const context = { now: deps.clock(), maxPerDay: await maxPerDayOf(deps, state) };
        return appointmentCheckoutWorkflow.decide(input, state, context);
      };
      const refused = await run(deps, await decide(event), metadata);
      if (refused) await run(deps, await decide({ type: 'StepRefused', data: { step: refused } }), metadata);
    },
  });
}

async function maxPerDayOf(deps: Deps, state: AppointmentState): Promise<number | null> {
  if (state.phase === 'none') return null;
  const types = await deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM, 1_000);
  return types.byId[state.request.typeId]?.maxPerDay ?? null;
}

/** Runs the outputs in order; answers the step of the first refusal (and runs nothing after it), or null. */
async function run(
  deps: Deps,
  outputs: AppointmentCheckoutOutput[],
  metadata: EventMetadata,
): Promise<AppointmentCheckoutOutput['to'] | null> {
  for (const output of outputs) {
    try {
      if (output.to === 'calendar')
        await deps.commands.handle(calendarDecider, calendarStream(output.instructorId), output.command, metadata);
      else if (output.to === 'appointment')
        await deps.commands.handle(
          appointmentDecider,
          appointmentStream(output.appointmentId),
          output.command,
          metadata,
        );
      else if (output.to === 'lesson-pack')
        await deps.commands.handle(lessonPackDecider, lessonPackStream(output.lessonPackId), output.command, metadata);
      else await refund(deps, output, metadata);
    } catch (err) {
      if (!isRefusal(err)) throw err;
      deps.log.info('appointment checkout step refused', { step: output.to, code: err.code });
      return output.to;
    }
  }
  return null;
}

async function refund(
  deps: Deps,
  output: Extract<AppointmentCheckoutOutput, { to: 'refund' }>,
  metadata: EventMetadata,
): Promise<void> {
  const { appointmentId, paymentIntentId, amountCents, reason } = output;
  let refunded;
  try {
    refunded = await deps.payments.refund(paymentIntentId, `refund-appointment-${appointmentId}`, amountCents);
  } catch (err) {
    if (!(err instanceof RefundRefusedError)) throw err;
    deps.log.error('refund of an appointment without its time refused by the provider', {
      appointmentId,
      code: err.code,
    });
    return;
  }
  await deps.commands.handle(
    appointmentDecider,
    appointmentStream(appointmentId),
    {
      type: 'RecordAppointmentRefund',
      paymentIntentId,
      refundId: refunded.refundId,
      amountCents: refunded.amountCents,
      reason,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  deps.log.info('appointment payment refunded', { appointmentId, reason });
}
