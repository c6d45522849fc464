import type { EnrollmentEvent, MoneySource, RefundReason } from '../../../contracts/enrollment/events.js';
import {
  hasSale,
  orderOf,
  paymentOf,
  pricingOfState,
  type EnrollmentState,
  type SubmittedEnrollment,
} from './enrollment-state.js';

type MoneyPart = { source: MoneySource; intentId: string; cents: number };

/** What each card payment, and each balance part, brought in: the money refunds come from. */
function moneyIn(s: EnrollmentState): MoneyPart[] {
  const pricing = pricingOfState(s);
  const paid = paymentOf(s);
  const parts: MoneyPart[] = [];
  // A plan's instalments, the latest first: refunds take from them before the checkout's payment.
  if (hasSale(s))
    for (const i of [...s.installmentsPaid].reverse())
      parts.push({ source: 'card', intentId: i.intentId, cents: i.cents });
  if (hasSale(s) && s.balancePaid)
    parts.push({ source: 'card', intentId: s.balancePaid.intentId, cents: s.balancePaid.cents });
  if (hasSale(s)) for (const o of s.overpaid) parts.push({ source: 'card', intentId: o.intentId, cents: o.cents });
  if (paid) parts.push({ source: 'card', intentId: paid.intentId, cents: paid.cents });
  // Only a sold order's gift card and credit parts became payments.
  if (pricing && orderOf(s) !== null) {
    if (pricing.paidByCreditCents > 0)
      parts.push({ source: 'credit', intentId: `credit-${pricing.householdId}`, cents: pricing.paidByCreditCents });
    if (pricing.paidByGiftCardCents > 0)
      parts.push({
        source: 'gift-card',
        intentId: `gift-card-${pricing.giftCardId}`,
        cents: pricing.paidByGiftCardCents,
      });
  }
  return parts;
}

/** Everything the booking took in (card payments, and the gift card and credit of a sold order), money paid beyond what was owed aside. */
export function receivedCents(s: EnrollmentState): number {
  const overpaid = new Set(hasSale(s) ? s.overpaid.map((o) => o.intentId) : []);
  return moneyIn(s)
    .filter((p) => !overpaid.has(p.intentId))
    .reduce((sum, p) => sum + p.cents, 0);
}

/** What is left of each part once every refund decided from it (issued, on its way or failed) is taken off. */
function refundableParts(s: EnrollmentState): MoneyPart[] {
  const refunds = hasSale(s) ? Object.values(s.refunds) : [];
  const decided = (intentId: string) =>
    refunds.filter((r) => r.paymentIntentId === intentId).reduce((sum, r) => sum + r.amountCents, 0);
  // The late-payment refund gave the first payment back, at once and without a key.
  const late = s.status === 'refunded' ? s.refundedCents : 0;
  // Money that moved with a participant to a booking of their own is no longer refundable here: the card's first.
  let carried = hasSale(s) ? s.carriedOutCents : 0;
  return moneyIn(s).map((part) => {
    const unkeyed = s.status === 'refunded' && part.intentId === s.paid.intentId ? late : 0;
    const left = Math.max(0, part.cents - decided(part.intentId) - unkeyed);
    const out = Math.min(left, carried);
    carried -= out;
    return { ...part, cents: left - out };
  });
}

/**
 * Everything received (card, and the gift card and credit of a sold order), less every refund
 * already decided (issued, on its way or failed and waiting for a retry) and the money that moved
 * with a participant to a booking of their own.
 */
export function refundableCents(state: EnrollmentState): number {
  return refundableParts(state).reduce((sum, p) => sum + p.cents, 0);
}

/** What the card (or cards: a deposit and a balance) took, less the refunds decided from them. */
export const cardRefundableCents = (state: EnrollmentState) =>
  refundableParts(state)
    .filter((p) => p.source === 'card')
    .reduce((sum, p) => sum + p.cents, 0);

/** What is still owed on a sold booking taken with a deposit: its price less what came in and stays. */
export function balanceDueCents(state: EnrollmentState): number {
  if (state.status !== 'confirmed') return 0;
  const pricing = pricingOfState(state);
  if (!pricing || (pricing.balanceCents === 0 && !state.balanceIntentId)) return 0;
  const waived = hasSale(state) ? state.installmentsWaived.reduce((sum, w) => sum + w.cents, 0) : 0;
  return Math.max(0, state.priceCents - waived - refundableCents(state));
}

/** Every refund decided so far (issued, on its way or failed), whatever its source. */
export const refundedSoFar = (state: EnrollmentState) =>
  (hasSale(state) ? Object.values(state.refunds).reduce((sum, r) => sum + r.amountCents, 0) : 0) +
  (state.status === 'refunded' ? state.refundedCents : 0);

/** The number the next refund's key gets: one more than the refunds recorded. */
const refundCount = (state: SubmittedEnrollment) => (hasSale(state) ? Object.keys(state.refunds).length : 0);

/** What a refund is decided with, as RefundRequested names it: one place's, a transfer's (neither: the booking's). */
export interface RefundFor {
  participant?: number;
  transferId?: string;
}

/**
 * Refunds of `cents` taken from where the money came from, each its own RefundRequested keyed
 * `<enrollmentId>-<n>`: the card first (a plan's instalments from the latest, the balance's payment, then the first one), then the
 * credit, then the gift card. Card money goes back to the card, or to the household's credit when
 * `cardTo` says so; a gift card's and the credit's go back where they came from. Each names what
 * it was decided with (`decidedFor`), so the parent is told each decision's refunds.
 */
export function refundRequests(
  state: SubmittedEnrollment,
  cents: number,
  reason: RefundReason,
  at: string,
  cardTo: 'card' | 'credit' = 'card',
  decidedFor: RefundFor = {},
): EnrollmentEvent[] {
  const enrollmentId = state.submission.enrollmentId;
  const pricing = pricingOfState(state);
  const order: MoneySource[] = ['card', 'credit', 'gift-card'];
  const parts = refundableParts(state).sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source));
  const events: EnrollmentEvent[] = [];
  let left = cents;
  let n = refundCount(state);
  for (const part of parts) {
    const amountCents = Math.min(left, part.cents);
    if (amountCents <= 0) continue;
    left -= amountCents;
    const to: MoneySource = part.source === 'card' ? cardTo : part.source;
    events.push({
      type: 'RefundRequested',
      data: {
        enrollmentId,
        refundKey: `${enrollmentId}-${++n}`,
        paymentIntentId: part.intentId,
        amountCents,
        reason,
        attempt: 1,
        requestedAt: at,
        ...(part.source !== 'card' || to !== 'card' ? { source: part.source, to } : {}),
        ...(to === 'gift-card' && pricing?.giftCardId ? { giftCardId: pricing.giftCardId } : {}),
        ...(to === 'credit' && pricing?.householdId ? { householdId: pricing.householdId } : {}),
        ...decidedFor,
      },
    });
  }
  return events;
}

/** A card refund of one payment in full (money that arrived for a booking already cancelled). */
export function refundRequest(
  state: SubmittedEnrollment,
  paymentIntentId: string,
  amountCents: number,
  reason: RefundReason,
  at: string,
): EnrollmentEvent {
  const enrollmentId = state.submission.enrollmentId;
  const refundKey = `${enrollmentId}-${refundCount(state) + 1}`;
  return {
    type: 'RefundRequested',
    data: { enrollmentId, refundKey, paymentIntentId, amountCents, reason, attempt: 1, requestedAt: at },
  };
}
