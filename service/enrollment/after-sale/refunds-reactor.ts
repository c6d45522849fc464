import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { RefundRefusedError } from '../../payments/port.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale } from '../decider/enrollment-state.js';
import type { RefundEntry } from '../decider/sale-state.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import { householdCreditStream } from '../../../contracts/pricing/credit.js';
import { giftCardDecider } from '../../gift-cards/gift-card-decider.js';
import { familyCreditDecider } from '../../pricing/credit-decider.js';
import type { EventMetadata } from '../../../contracts/core/events.js';

type RefundRequestedEvent = Extract<EnrollmentEvent, { type: 'RefundRequested' }>;

export const REFUNDS_REACTOR = 'refunds';

/** The provider's idempotency key of one attempt of one refund: a retry after a refusal is a new request. */
export const refundIdempotencyKey = (refundKey: string, attempt: number) => `refund-${refundKey}-a${attempt}`;

/**
 * A refund that goes back onto a gift card or into the household's credit: decided on that
 * ledger, once per refund key, so a redelivery adds nothing more.
 */
async function returnToBalance(
  deps: Pick<AppDeps, 'commands' | 'clock'>,
  enrollmentId: string,
  entry: RefundEntry,
  metadata: EventMetadata,
): Promise<{ refundId: string; amountCents: number }> {
  const at = deps.clock().toISOString();
  const { refundKey, amountCents } = entry;
  if (entry.to === 'gift-card') {
    if (!entry.giftCardId) throw new Error(`refund ${refundKey} names no gift card`);
    await deps.commands.handle(
      giftCardDecider,
      giftCardStream(entry.giftCardId),
      { type: 'ReturnToGiftCard', enrollmentId, refundKey, amountCents, at },
      metadata,
    );
    return { refundId: `gift-card-${refundKey}`, amountCents };
  }
  if (!entry.householdId) throw new Error(`refund ${refundKey} names no household`);
  await deps.commands.handle(
    familyCreditDecider,
    householdCreditStream(entry.householdId),
    { type: 'AddFamilyCredit', householdId: entry.householdId, enrollmentId, refundKey, amountCents, at },
    metadata,
  );
  return { refundId: `credit-${refundKey}`, amountCents };
}

/**
 * Makes each requested refund at the provider (or onto the gift card, or into the family credit, as
 * the refund says), once, and records how it went.
 *
 * - The runner moves the checkpoint past a RefundRequested only after this resolved, so a crash at
 *   any point delivers it again. The provider call carries `refund-<refundKey>-a<attempt>` as its
 *   idempotency key, so a second call after a crash (before the outcome was recorded) gets the
 *   refund made the first time, never a second one.
 * - Each delivery reads the enrollment first: a refund already issued or failed, or an attempt
 *   that a retry has replaced, is not asked for again.
 * - The provider refusing (RefundRefusedError) is recorded as RefundFailed for the administrator,
 *   who may retry: the retry is a new attempt with a new key, since the provider answers a key it
 *   refused with the same refusal. A time-out or an outage is thrown, and the runner retries the
 *   same attempt with growing pauses.
 */
export function refundsReactor(deps: Pick<AppDeps, 'commands' | 'payments' | 'clock' | 'log'>) {
  return defineReactor<RefundRequestedEvent>({
    name: REFUNDS_REACTOR,
    eventTypes: ['RefundRequested'],
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      const stream = enrollmentStream(enrollmentId);
      const { refundKey, attempt, paymentIntentId, amountCents } = event.data;
      const state = await deps.commands.state(enrollmentDecider, stream);
      const entry = hasSale(state) ? state.refunds[refundKey] : undefined;
      if (!entry || entry.status !== 'requested' || entry.attempt !== attempt) return;
      const at = () => deps.clock().toISOString();
      try {
        const refund =
          entry.to === 'card'
            ? await deps.payments.refund(paymentIntentId, refundIdempotencyKey(refundKey, attempt), amountCents)
            : await returnToBalance(deps, enrollmentId, entry, metadata);
        await deps.commands.handle(
          enrollmentDecider,
          stream,
          {
            type: 'RecordRefundIssued',
            refundKey,
            attempt,
            refundId: refund.refundId,
            amountCents: refund.amountCents,
            at: at(),
          },
          metadata,
        );
        deps.log.info('refund issued', { enrollmentId, refundKey, attempt, amountCents: refund.amountCents });
      } catch (err) {
        if (!(err instanceof RefundRefusedError)) throw err;
        await deps.commands.handle(
          enrollmentDecider,
          stream,
          { type: 'RecordRefundFailure', refundKey, attempt, code: err.code, message: err.message, at: at() },
          metadata,
        );
        deps.log.warn('refund refused by the provider', { enrollmentId, refundKey, attempt, code: err.code });
      }
    },
  });
}
