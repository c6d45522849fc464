import type { EventMetadata } from '../../../contracts/core/events.js';
import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { recordPaymentSuccess } from './settle-payment.js';
import { META } from '../../payments/port.js';
import { recordGiftCardPayment } from '../../gift-cards/settle.js';
import { recordBalanceSuccess } from './balance-payment.js';

/**
 * Asks the provider about a PaymentIntent (so a missed webhook is made good here) and answers
 * what the visitor should see. Knowing the client secret is what entitles the caller to ask.
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
  const enrollmentId = intent.metadata[META.enrollmentId] ?? null;
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
  const giftCardId = intent.metadata[META.kind] === 'gift-card' ? intent.metadata[META.giftCardId] : undefined;
  if (giftCardId) {
    const { position } = await recordGiftCardPayment(deps, giftCardId, intent, null, 'verification', metadata);
    return { ...base, status: 'succeeded', giftCardId, position: await head(position) };
  }
  if (!enrollmentId) return { ...base, status: 'succeeded', position: await head(null) };
  if (intent.metadata[META.kind] === 'balance') {
    const paid = await recordBalanceSuccess(deps, enrollmentId, intent, null, 'verification', metadata);
    const sub = paid.state.submission;
    const order = 'order' in paid.state ? paid.state.order : null;
    return {
      ...base,
      status: 'succeeded',
      workshopId: sub?.workshopId ?? null,
      attendees: sub?.participants ?? null,
      orderId: order?.orderId ?? null,
      orderReference: order?.orderReference ?? null,
      position: await head(paid.position),
    };
  }

  const { state, position } = await recordPaymentSuccess(deps, enrollmentId, intent, null, 'verification', metadata);
  const sub = state.submission!;
  const common = { ...base, workshopId: sub.workshopId, attendees: sub.participants, position: await head(position) };
  if (state.status === 'refunded') {
    return {
      ...common,
      status: 'refunded',
      message: `Sorry: your seat hold expired and the workshop filled up before your payment arrived. We refunded ${formatUsd(intent.amountCents)} to your card; it may take 5-10 business days to appear.`,
    };
  }
  if (state.status !== 'confirmed') return { ...common, status: 'processing' };
  return { ...common, status: 'succeeded', orderId: state.order.orderId, orderReference: state.order.orderReference };
}
