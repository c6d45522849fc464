import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { checkoutStream, type CheckoutEvent } from '../../../contracts/enrollment/checkout.js';
import type { RecordedEvent } from '../../../platform/eventstore/port.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { RefundRefusedError } from '../../payments/port.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { checkoutWorkflow, type CheckoutInput, type CheckoutOutput, type CheckoutState } from './checkout-workflow.js';
import { isRefusal, runCommand } from './run-commands.js';

export const CHECKOUT_WORKFLOW = 'checkout';

type Input = Extract<
  EnrollmentEvent | CheckoutEvent,
  {
    type:
      | 'PaymentSucceeded'
      | 'EnrollmentConfirmed'
      | 'EnrollmentExpired'
      | 'EnrollmentCancelled'
      | 'RefundIssued'
      | 'CheckoutRefused';
  }
>;

type Deps = Pick<AppDeps, 'commands' | 'eventStore' | 'payments' | 'clock' | 'log'>;

/** The checkout as its streams tell it now: the checkout stream's record first, then the enrollment's. */
async function checkoutOf(deps: Deps, enrollmentId: string): Promise<CheckoutState> {
  const [refused, enrollment] = await Promise.all([
    deps.eventStore.readStream(checkoutStream(enrollmentId)),
    deps.eventStore.readStream(enrollmentStream(enrollmentId)),
  ]);
  return [...refused, ...enrollment].reduce<CheckoutState>(
    (state, e: RecordedEvent) => checkoutWorkflow.evolve(state, e as unknown as EnrollmentEvent | CheckoutEvent),
    checkoutWorkflow.initialState,
  );
}

/**
 * Runs the checkout workflow (checkout-workflow.ts) on the processor machinery, where the
 * projections run, never on a request's thread. For each of its inputs it reads the checkout as it
 * stands, decides, and hands each command to its stream in order; a stream's refusal stops the
 * rest and is fed back as `StepRefused`, decided on the checkout read again (one outcome: sold, or
 * the money back). The runner moves its checkpoint past an event only once this resolved, and
 * every command is idempotent on its stream, so a crash or another runner repeats nothing; the
 * refund's provider call is keyed by the enrollment, so it is made once.
 */
export function checkoutReactor(deps: Deps) {
  return defineReactor<Input>({
    name: CHECKOUT_WORKFLOW,
    eventTypes: [
      'PaymentSucceeded',
      'EnrollmentConfirmed',
      'EnrollmentExpired',
      'EnrollmentCancelled',
      'RefundIssued',
      'CheckoutRefused',
    ],
    // Checkouts are independent of each other: a batch's are settled side by side, each in order.
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      const enrollmentId = event.data.enrollmentId;
      const state = await checkoutOf(deps, enrollmentId);
      const refused = await run(deps, enrollmentId, checkoutWorkflow.decide(event, state, deps.clock()), metadata);
      if (!refused) return;
      const again = await checkoutOf(deps, enrollmentId);
      const input: CheckoutInput = {
        type: 'StepRefused',
        data: { step: refused.step, workshopBegun: refused.code === 'enrollment_closed' },
      };
      await run(deps, enrollmentId, checkoutWorkflow.decide(input, again, deps.clock()), metadata);
    },
  });
}

/** Runs the outputs in order; answers the first refusal (and runs nothing after it), or null. */
async function run(
  deps: Deps,
  enrollmentId: string,
  outputs: CheckoutOutput[],
  metadata: EventMetadata,
): Promise<{ step: CheckoutOutput['to']; code: string } | null> {
  for (const output of outputs) {
    try {
      if (output.to === 'refund') await refund(deps, enrollmentId, output, metadata);
      else await runCommand(deps, output, metadata);
    } catch (err) {
      if (!isRefusal(err)) throw err;
      deps.log.info('checkout step refused', { enrollmentId, step: output.to, code: err.code });
      return { step: output.to, code: err.code };
    }
  }
  return null;
}

/** The money back for a payment no seat could be given for, then recorded: RefundIssued ends the order unsold. */
async function refund(
  deps: Deps,
  enrollmentId: string,
  output: Extract<CheckoutOutput, { to: 'refund' }>,
  metadata: EventMetadata,
): Promise<void> {
  const { paymentIntentId, reason } = output;
  let refunded;
  try {
    refunded = await deps.payments.refund(paymentIntentId, `refund-${enrollmentId}`);
  } catch (err) {
    if (!(err instanceof RefundRefusedError)) throw err;
    // Asking again gets the same refusal: the office sees a paid order that was never confirmed.
    deps.log.error('refund of a payment without seats refused by the provider', {
      enrollmentId,
      paymentIntentId,
      code: err.code,
    });
    return;
  }
  await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    {
      type: 'RecordRefund',
      paymentIntentId,
      refundId: refunded.refundId,
      amountCents: refunded.amountCents,
      reason,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  deps.log.warn('payment refunded: no seat for it', { enrollmentId, paymentIntentId, reason });
}
