import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { META } from '../../payments/port.js';
import type { Payable, PaymentKind } from '../../core/payment-kinds.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { orderOf } from '../decider/enrollment-state.js';
import { CHECKOUT_WORKFLOW } from '../checkout/checkout-reactor.js';

/** How long the payment page's answer waits for the checkout workflow to settle the payment before it says "processing". */
const SETTLE_MS = 10_000;

/**
 * What the payment page shows once an enrollment's (or its balance's) payment is recorded: the
 * checkout workflow's settlement awaited (bounded), by position, as a read after a write waits for
 * the projections.
 */
export async function verifiedEnrollment(
  deps: AppDeps,
  enrollmentId: string,
  balance: boolean,
  recorded: bigint | null,
  base: VerifyPaymentResponse,
): Promise<VerifyPaymentResponse> {
  if (!balance)
    await deps.projections.waitFor(recorded ?? (await deps.eventStore.headPosition()), [CHECKOUT_WORKFLOW], SETTLE_MS);
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  const sub = state.submission;
  if (!sub) throw notFound('We could not find this payment. Please contact us with your receipt e-mail.');
  const order = orderOf(state);
  const common = {
    ...base,
    workshopId: sub.workshopId,
    attendees: sub.participants,
    position: (await deps.eventStore.headPosition()).toString(),
  };
  if (balance)
    return {
      ...common,
      status: 'succeeded',
      orderId: order?.orderId ?? null,
      orderReference: order?.orderReference ?? null,
    };
  if (state.status === 'refunded') {
    return {
      ...common,
      status: 'refunded',
      message: `Sorry: your seat hold expired and the workshop filled up before your payment arrived. We refunded ${formatUsd(base.amountCents)} to your card; it may take 5-10 business days to appear.`,
    };
  }
  if (state.status !== 'confirmed' || !order) return { ...common, status: 'processing' };
  return { ...common, status: 'succeeded', orderId: order.orderId, orderReference: order.orderReference };
}

const balancePayable = (enrollmentId: string): Payable => ({
  named: { kind: 'balance', enrollmentId },
  enrollmentId,
  record: async (deps, money, intent, metadata) =>
    (
      await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        { type: 'RecordBalancePayment', ...money, ...(intent.card ? { card: intent.card } : {}) },
        metadata,
      )
    ).position,
  verified: (deps, recorded, base) => verifiedEnrollment(deps, enrollmentId, true, recorded, base),
});

const enrollmentPayable = (enrollmentId: string): Payable => ({
  named: { kind: 'enrollment', enrollmentId },
  enrollmentId,
  record: async (deps, money, intent, metadata) =>
    (
      await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        {
          type: 'RecordPaymentSuccess',
          ...money,
          ...(intent.savedCard ? { savedCard: intent.savedCard } : {}),
          ...(intent.card ? { card: intent.card } : {}),
        },
        metadata,
      )
    ).position,
  verified: (deps, recorded, base) => verifiedEnrollment(deps, enrollmentId, false, recorded, base),
  // The enrollment's checkout shows the decline and lets the visitor try again.
  declined: async (deps, intent, providerEventId, metadata) => {
    const error = intent.lastError ?? { code: 'card_declined', message: 'An error occurred during payment processing' };
    await deps.commands.handle(
      enrollmentDecider,
      enrollmentStream(enrollmentId),
      {
        type: 'RecordPaymentFailure',
        paymentIntentId: intent.id,
        providerEventId,
        code: error.code,
        reason: error.message,
        at: deps.clock().toISOString(),
      },
      metadata,
    );
  },
});

/**
 * A class paid at its checkout, or a deposit booking's balance: the money on the enrollment, which
 * the checkout workflow settles. Asked last: every intent naming an enrollment whose kind no other
 * kind answers (intents from before kinds were written name none), except an instalment, which is
 * recorded from the provider's answer on the plan's stream when it is charged with the parent away.
 */
export const enrollmentPayment: PaymentKind = {
  answers: (kind) => kind !== 'installment',
  payable: (intent) => {
    const enrollmentId = intent.metadata[META.enrollmentId];
    if (!enrollmentId) return null;
    return intent.metadata[META.kind] === 'balance' ? balancePayable(enrollmentId) : enrollmentPayable(enrollmentId);
  },
};
