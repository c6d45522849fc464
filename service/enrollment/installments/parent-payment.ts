import type { EventMetadata } from '../../../contracts/core/events.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { formatLongDate } from '../../mail/templates/format.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { INSTALLMENT_BY_PARENT_KIND, installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import type { InstallmentPlanDoc } from '../../../projections/enrollment/installment-plans.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { META } from '../../payments/port.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { refuse } from '../decider/refusals.js';
import { installmentPlanDecider } from './plan-decider.js';

/**
 * The PaymentIntent of one instalment the saved card failed to pay, paid by the parent with
 * another card from the booking page (`POST /api/bookings/:token/installments/:n/payment`, the
 * link of the decline e-mail). One per instalment and declined attempt (its key), so asking again
 * gives the same form. Its "succeeded" is recorded on the plan (installment-by-parent-payment.ts), as the saved
 * card's would be; a retry that charged the card meanwhile is given back by the booking as overpaid.
 */
export async function createInstallmentIntent(
  deps: Pick<AppDeps, 'commands' | 'payments'>,
  enrollmentId: string,
  n: number,
): Promise<{ clientSecret: string; paymentIntentId: string; amountCents: number }> {
  const [booking, plan] = await Promise.all([
    deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId)),
    deps.commands.state(installmentPlanDecider, installmentPlanStream(enrollmentId)),
  ]);
  const count = plan.phase === 'active' ? plan.installments.length : 0;
  const installment = plan.phase === 'active' ? plan.installments.find((i) => i.n === n) : undefined;
  if (!installment) throw refuse({ code: 'no_such_installment', n, count });
  if (booking.status !== 'confirmed') throw refuse({ code: 'not_payable', status: booking.status });
  // Declined by the saved card, or any left once the parent removed the card.
  const byHand = installment.failures > 0 || (plan.phase === 'active' && plan.cardRemoved);
  if (installment.paid || installment.waived || !byHand)
    throw refuse({ code: 'installment_not_declined', n, paid: installment.paid });
  const intent = await deps.payments.createPaymentIntent({
    amountCents: installment.amountCents,
    idempotencyKey: `installment-by-parent-${enrollmentId}-${n}-${installment.failures}`,
    description: `${booking.item?.title ?? 'Booking'}: instalment ${n} of ${count}`,
    metadata: {
      [META.enrollmentId]: enrollmentId,
      [META.kind]: INSTALLMENT_BY_PARENT_KIND,
      [META.installment]: String(n),
    },
    receiptEmail: booking.submission?.form.email || undefined,
  });
  if (!intent.clientSecret)
    throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: intent.amountCents };
}

/**
 * The instalments as the booking page answers them (issue 43), from the plan's read model (none
 * when paid in full), and whether the saved card still pays those left (false once removed).
 */
export async function installmentsOf(deps: Pick<AppDeps, 'readStore'>, enrollmentId: string) {
  const doc = (await deps.readStore.get<InstallmentPlanDoc>('installment-plans', enrollmentId))?.doc;
  return {
    installments: (doc?.installments ?? []).map(({ n, amountCents, dueAt, status, paidAt }) => ({
      n,
      amountCents,
      dueAt,
      status,
      ...(paidAt ? { paidAt } : {}),
    })),
    savedCard: doc !== undefined && !doc.cardRemoved,
  };
}

/**
 * The parent's "remove my card" (`DELETE /api/bookings/:token/saved-card`): recorded on the plan,
 * which then charges nothing automatically (an attempt already under way is still answered); the
 * card is detached by its reactor. Answers, in words, how the instalments left are paid: each from
 * the booking page by its date. Asked again, the same answer.
 */
export async function removeSavedCard(
  deps: Pick<AppDeps, 'commands'>,
  enrollmentId: string,
  at: string,
  metadata: EventMetadata,
): Promise<{ message: string; position: bigint | null }> {
  const { state, position } = await deps.commands.handle(
    installmentPlanDecider,
    installmentPlanStream(enrollmentId),
    { type: 'RemoveCard', at },
    metadata,
  );
  const left = state.phase === 'active' ? state.installments.filter((i) => !i.paid && !i.waived) : [];
  const dues = left.map((i) => `${formatUsd(i.amountCents)} by ${formatLongDate(i.dueAt)}`);
  const message =
    left.length === 0
      ? 'Your card is removed. Nothing is left to pay.'
      : `Your card is removed: nothing more will be charged to it. Please pay each instalment left from this page by its date: ${dues.join('; ')}.`;
  return { message, position };
}
