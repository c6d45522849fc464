import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream, orderIdFor, orderReferenceFor } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError, type ErrorCode } from '../../core/errors.js';
import type { PaymentIntentInfo } from '../../payments/port.js';
import { enrollmentDecider, type EnrollmentState } from '../decider/enrollment-decider.js';
import { paymentOf } from '../decider/enrollment-state.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { freeClientSeats } from '../sale/held-seats.js';
import { takePricingParts } from '../sale/pricing-parts.js';

export interface Settled {
  state: EnrollmentState;
  /** Newest position written, or null when nothing changed. */
  position: bigint | null;
}

const newest = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * The one path of a provider's "succeeded", whoever reports it (the webhook, the payment-success
 * page's verification): recorded (idempotent), then the enrollment settled on the state that
 * decision left, without reading the stream again.
 */
export async function recordPaymentSuccess(
  deps: AppDeps,
  enrollmentId: string,
  intent: PaymentIntentInfo,
  providerEventId: string | null,
  source: 'webhook' | 'verification',
  metadata: EventMetadata,
): Promise<Settled> {
  const recorded = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    {
      type: 'RecordPaymentSuccess',
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      providerEventId,
      source,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  const settled = await settle(deps, recorded.state, metadata);
  return { state: settled.state, position: newest(recorded.position, settled.position) };
}

/** Settles a paid enrollment left unconfirmed (a crash between the two): the hold timer's safety net. */
export async function settlePayment(deps: AppDeps, enrollmentId: string, metadata: EventMetadata): Promise<Settled> {
  return settle(deps, await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId)), metadata);
}

/**
 * Turns a paid enrollment into a confirmed one: confirms its seats (or takes them again when the
 * hold lapsed, if still free), then records EnrollmentConfirmed. When the seats are gone the
 * money goes back through the provider and RefundIssued is recorded. Every step is idempotent, so
 * it is safe to run any number of times, from the webhook, the payment-success check or the timer.
 */
async function settle(deps: AppDeps, state: EnrollmentState, metadata: EventMetadata): Promise<Settled> {
  if (state.status !== 'paid' || !state.submission) return { state, position: null };
  const sub = state.submission;
  const enrollmentId = sub.enrollmentId;
  const now = deps.clock();
  let position: bigint | null = null;

  // What the code, the gift card and the credit gave this order stays taken; a hold that lapsed
  // before the money came gave them back, so they are taken again (or, used up meanwhile, the
  // money goes back as for seats that are gone).
  if (sub.pricing) {
    try {
      position = await takePricingParts(deps, sub, undefined, metadata);
    } catch (err) {
      if (!(err instanceof AppError) || !['validation', 'conflict', 'not_found'].includes(err.code)) throw err;
      return refundUnseated(deps, state, 'seats-unavailable', metadata);
    }
  }

  if (sub.workshopId) {
    const workshopId = sub.workshopId;
    try {
      const seats = await deps.commands.handle(
        workshopDecider,
        workshopStream(workshopId),
        {
          type: 'ConfirmSeats',
          workshopId,
          enrollmentId,
          seats: sub.participants,
          at: now.toISOString(),
          ...(state.paid ? { paidAt: state.paid.at } : {}),
        },
        metadata,
      );
      position = seats.position;
    } catch (err) {
      // The workshop's refusal (full, removed, or begun before the money came); a busy stream or a
      // store outage is retried later instead.
      if (!(err instanceof AppError) || !REFUSALS.includes(err.code)) throw err;
      return refundUnseated(
        deps,
        state,
        err.code === 'enrollment_closed' ? 'workshop-begun' : 'seats-unavailable',
        metadata,
      );
    }
  }

  const kind = sub.test ? 'test' : 'paid';
  const confirmed = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    {
      type: 'ConfirmEnrollment',
      orderId: orderIdFor(kind, enrollmentId),
      orderReference: orderReferenceFor(now),
      paymentMethod: 'Credit Card',
      at: now.toISOString(),
    },
    metadata,
  );
  deps.log.info('enrollment confirmed', { enrollmentId, workshopId: sub.workshopId, programId: sub.programId });
  // Paid seats are no longer an unpaid hold: they leave the client's allowance.
  const freed = await freeClientSeats(deps, sub.clientKey, enrollmentId, 'confirmed', metadata);
  return { state: confirmed.state, position: newest(newest(position, confirmed.position), freed) };
}

const REFUSALS: readonly ErrorCode[] = ['conflict', 'not_found', 'enrollment_closed'];

/**
 * The money arrived when no seat could be given for it (the hold lapsed and someone else took the
 * seats, or the workshop had begun): give it back.
 */
async function refundUnseated(
  deps: AppDeps,
  state: EnrollmentState,
  reason: 'seats-unavailable' | 'workshop-begun',
  metadata: EventMetadata,
): Promise<Settled> {
  const enrollmentId = state.submission!.enrollmentId;
  const paymentIntentId = paymentOf(state)!.intentId;
  const refund = await deps.payments.refund(paymentIntentId, `refund-${enrollmentId}`);
  const recorded = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    {
      type: 'RecordRefund',
      paymentIntentId,
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      reason,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  deps.log.warn('payment refunded: no seat for it', { enrollmentId, paymentIntentId, reason });
  const freed = await freeClientSeats(deps, state.submission!.clientKey, enrollmentId, 'released', metadata);
  return { state: recorded.state, position: newest(recorded.position, freed) };
}
