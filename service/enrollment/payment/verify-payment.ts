import type { EventMetadata } from '../../../contracts/core/events.js';
import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { META } from '../../payments/port.js';
import { positionAfter, type PaymentKinds } from '../../core/payment-kinds.js';

/**
 * Asks the provider about a PaymentIntent (so a missed webhook is made good here), records the
 * money if it came, and answers what the visitor should see once what it paid for is settled (each
 * kind says: service/core/payment-kinds.ts). Knowing the client secret is what entitles the
 * caller to ask.
 */
export async function verifyPayment(
  deps: AppDeps,
  kinds: PaymentKinds,
  paymentIntentId: string,
  clientSecret: string,
  metadata: EventMetadata,
): Promise<VerifyPaymentResponse> {
  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  if (!intent || intent.clientSecret !== clientSecret)
    throw notFound('We could not find this payment. Please contact us with your receipt e-mail.');
  const paid = kinds.payable(intent);
  const base: VerifyPaymentResponse = {
    status: 'failed',
    enrollmentId: paid ? paid.enrollmentId : (intent.metadata[META.enrollmentId] ?? null),
    orderId: null,
    orderReference: null,
    workshopId: null,
    attendees: null,
    amountCents: intent.amountCents,
    position: null,
  };
  // Whatever is answered, a following read waits for everything written so far (e.g. by the webhook).
  if (intent.status === 'processing')
    return { ...base, status: 'processing', position: await positionAfter(deps, null) };
  if (intent.status !== 'succeeded') {
    return {
      ...base,
      status: 'failed',
      message: intent.lastError?.message ?? 'The payment was not completed.',
      position: await positionAfter(deps, null),
    };
  }
  if (!paid) return { ...base, status: 'succeeded', position: await positionAfter(deps, null) };
  const recorded = await kinds.record(deps, paid, intent, null, 'verification', metadata);
  return paid.verified(deps, recorded, base);
}
