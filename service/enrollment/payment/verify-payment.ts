import type { EventMetadata } from '../../../contracts/core/events.js';
import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { orderOf } from '../decider/enrollment-state.js';
import { CHECKOUT_WORKFLOW } from '../checkout/checkout-reactor.js';
import { paidFor, recordPayment } from './record-payment.js';
import { META } from '../../payments/port.js';
import { verifiedAppointment } from '../../appointments/checkout/verified-appointment.js';

/** How long the answer waits for the checkout workflow to settle the payment before it says "processing". */
const SETTLE_MS = 10_000;

/**
 * Asks the provider about a PaymentIntent (so a missed webhook is made good here), records the
 * money if it came, and answers what the visitor should see once the checkout workflow settled it.
 * Knowing the client secret is what entitles the caller to ask.
 */
export async function verifyPayment(
  deps: AppDeps,
  paymentIntentId: string,
  clientSecret: string,
  metadata: EventMetadata,
): Promise<VerifyPaymentResponse> {
  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  if (!intent || intent.clientSecret !== clientSecret)
    throw notFound('We could not find this payment. Please contact us with your receipt e-mail.');
  const kind = paidFor(intent)?.kind;
  const enrollmentId = kind === 'gift-card' || kind === 'invoice' ? null : (intent.metadata[META.enrollmentId] ?? null);
  const base: VerifyPaymentResponse = {
    status: 'failed',
    enrollmentId,
    orderId: null,
    orderReference: null,
    workshopId: null,
    attendees: null,
    amountCents: intent.amountCents,
    position: null,
  };
  // Whatever is answered, a following read waits for everything written so far (e.g. by the webhook).
  const head = async (p: bigint | null) => (p ?? (await deps.eventStore.headPosition())).toString();

  if (intent.status === 'processing') return { ...base, status: 'processing', position: await head(null) };
  if (intent.status !== 'succeeded') {
    return {
      ...base,
      status: 'failed',
      message: intent.lastError?.message ?? 'The payment was not completed.',
      position: await head(null),
    };
  }
  const paid = paidFor(intent);
  if (!paid) return { ...base, status: 'succeeded', position: await head(null) };
  const recorded = await recordPayment(deps, paid, intent, null, 'verification', metadata);
  if (paid.kind === 'gift-card')
    return { ...base, status: 'succeeded', giftCardId: paid.giftCardId, position: await head(recorded) };
  if (paid.kind === 'appointment')
    return { ...base, ...(await verifiedAppointment(deps, paid.appointmentId, recorded, SETTLE_MS)) };
  if (paid.kind === 'invoice')
    return { ...base, status: 'succeeded', invoiceId: paid.invoiceId, position: await head(recorded) };

  // Settled by the checkout workflow where the effects run: its answer is awaited (bounded), by
  // position, as a read after a write waits for the projections.
  if (paid.kind === 'enrollment')
    await deps.projections.waitFor(recorded ?? (await deps.eventStore.headPosition()), [CHECKOUT_WORKFLOW], SETTLE_MS);
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(paid.enrollmentId));
  const sub = state.submission;
  if (!sub) throw notFound('We could not find this payment. Please contact us with your receipt e-mail.');
  const order = orderOf(state);
  const common = {
    ...base,
    workshopId: sub.workshopId,
    attendees: sub.participants,
    position: await head(null),
  };
  if (paid.kind === 'balance' || paid.kind === 'installment')
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
      message: `Sorry: your seat hold expired and the workshop filled up before your payment arrived. We refunded ${formatUsd(intent.amountCents)} to your card; it may take 5-10 business days to appear.`,
    };
  }
  if (state.status !== 'confirmed' || !order) return { ...common, status: 'processing' };
  return { ...common, status: 'succeeded', orderId: order.orderId, orderReference: order.orderReference };
}
