import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { META } from '../../payments/port.js';
import { balanceDueCents, enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale, pricingOfState } from '../decider/enrollment-state.js';
import { refuse } from '../decider/refusals.js';

/**
 * The PaymentIntent of a deposit booking's balance (`POST /api/bookings/:token/balance-payment`):
 * for exactly what is owed, one per enrollment (the idempotency key is the enrollment's, so asking
 * twice gives the same intent), paid like any intent with the client secret answered.
 */
export async function createBalanceIntent(
  deps: AppDeps,
  enrollmentId: string,
  metadata: EventMetadata,
): Promise<{ clientSecret: string; paymentIntentId: string; amountCents: number }> {
  const stream = enrollmentStream(enrollmentId);
  const state = await deps.commands.state(enrollmentDecider, stream);
  const due = balanceDueCents(state);
  if (due === 0 || !hasSale(state) || state.balancePaid) throw refuse({ code: 'no_balance_due' });
  // The saved card pays the rest on its dates: a second way to pay it would charge twice (issue 43).
  if (pricingOfState(state)?.installments) throw refuse({ code: 'paid_by_installments' });
  const existing = state.balanceIntentId ? await deps.payments.retrievePaymentIntent(state.balanceIntentId) : null;
  // An earlier form for another amount (a place cancelled since) can no longer be paid: an older
  // tab would charge what is no longer owed. Paid already, its money is recorded as it arrives
  // and what was beyond the balance goes back.
  if (existing && existing.amountCents !== due) await deps.payments.cancelPaymentIntent(existing.id);
  const intent =
    existing && existing.amountCents === due
      ? existing
      : await deps.payments.createPaymentIntent({
          amountCents: due,
          // A different amount is a new intent, under its own key: the one it follows names it.
          idempotencyKey: `balance-${enrollmentId}-${due}-after-${existing?.id ?? 'none'}`,
          description: `${state.item?.title ?? 'Booking'}: balance`,
          metadata: { [META.enrollmentId]: enrollmentId, [META.kind]: 'balance' },
          receiptEmail: state.submission?.form.email || undefined,
        });
  await deps.commands.handle(
    enrollmentDecider,
    stream,
    { type: 'RecordBalanceIntent', paymentIntentId: intent.id, provider: deps.payments.provider, amountCents: due },
    metadata,
  );
  if (!intent.clientSecret)
    throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: intent.amountCents };
}
