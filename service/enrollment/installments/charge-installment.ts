import type { EventMetadata } from '../../../contracts/core/events.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import type { AppDeps } from '../../core/deps.js';
import { META } from '../../payments/port.js';
import { chargeUnderWay, installmentPlanDecider } from './plan-decider.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';

export type ChargeOutcome = 'paid' | 'declined' | 'nothing';

/**
 * Charges instalment `n` of a plan once: the attempt is decided on the plan's stream first (with
 * its revision), then the saved card is charged under that attempt's key, then the answer is
 * recorded. A crash between the charge and the record leaves the attempt under way: the next call
 * asks the provider again with the same key, gets the same charge, and records it; a second runner
 * at the same time finds the attempt under way and does the same. So the card is charged once.
 */
export async function chargeInstallment(
  deps: Pick<AppDeps, 'commands' | 'payments' | 'clock'>,
  enrollmentId: string,
  n: number,
  metadata: EventMetadata,
): Promise<ChargeOutcome> {
  const stream = installmentPlanStream(enrollmentId);
  // Only a booking still sold starts a charge: cancelled, its plan charges nothing more. An attempt
  // already under way is still asked for with its key, so money taken is always recorded.
  const [booking, plan] = await Promise.all([
    deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId)),
    deps.commands.state(installmentPlanDecider, stream),
  ]);
  if (booking.status !== 'confirmed' && !chargeUnderWay(plan, n)) return 'nothing';
  const { state } = await deps.commands.handle(
    installmentPlanDecider,
    stream,
    { type: 'StartCharge', n, at: deps.clock().toISOString() },
    metadata,
  );
  const charging = chargeUnderWay(state, n);
  if (!charging || state.phase !== 'active') return 'nothing';
  const installment = state.installments.find((i) => i.n === n)!;
  const intent = await deps.payments.chargeSavedCard({
    card: state.savedCard,
    amountCents: installment.amountCents,
    idempotencyKey: charging.idempotencyKey,
    description: `Instalment ${n} of ${state.installments.length}`,
    metadata: { [META.enrollmentId]: enrollmentId, [META.kind]: 'installment', [META.installment]: String(n) },
  });
  // Still with the bank (3-D Secure, processing): its key answers it on the next pass.
  if (intent.status !== 'succeeded' && intent.status !== 'requires_payment_method') return 'nothing';
  const paid = intent.status === 'succeeded';
  const error = intent.lastError ?? { code: 'card_declined', message: 'The card was declined.' };
  await deps.commands.handle(
    installmentPlanDecider,
    stream,
    {
      type: 'RecordCharge',
      n,
      attempt: charging.attempt,
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      outcome: paid
        ? { paid: true, ...(intent.card ? { card: intent.card } : {}) }
        : { paid: false, code: error.code, reason: error.message },
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  return paid ? 'paid' : 'declined';
}
