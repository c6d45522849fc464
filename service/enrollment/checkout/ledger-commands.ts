import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { CheckoutHolds } from '../../../contracts/enrollment/checkout.js';
import { pricingOf, type OrderPricing } from '../../../contracts/enrollment/pricing.js';
import type { DiscountCodeCommand } from '../../pricing/discount-code-decider.js';
import type { GiftCardCommand } from '../../gift-cards/gift-card-decider.js';
import type { FamilyCreditCommand, ReleaseReason } from '../../pricing/credit-decider.js';

/** One command to one of the ledgers an order's price draws on, with the stream it goes to. */
export type LedgerCommand =
  | { to: 'discount-code'; code: string; command: DiscountCodeCommand }
  | { to: 'gift-card'; giftCardId: string; command: GiftCardCommand }
  | { to: 'family-credit'; householdId: string; command: FamilyCreditCommand };

/** What an order asks of the ledgers: the code's use, the gift card's part, the credit's part. */
export const holdsOfPricing = (pricing: OrderPricing | undefined | null): Omit<CheckoutHolds, 'clientKey'> => ({
  ...(pricing?.discountCode ? { discountCode: pricing.discountCode.code } : {}),
  ...(pricing?.giftCardId && pricing.paidByGiftCardCents > 0 ? { giftCardId: pricing.giftCardId } : {}),
  ...(pricing?.householdId && pricing.paidByCreditCents > 0 ? { householdId: pricing.householdId } : {}),
});

/**
 * The order's parts taken on their ledgers, each decided on its own stream (never over a code's
 * uses, never beyond a balance). `replaces` hands over the same parent's earlier order's parts,
 * once that order was really withdrawn. Taking a part an order already holds changes nothing.
 */
export function takeParts(submission: EnrollmentSubmitted, replaces?: string): LedgerCommand[] {
  const pricing = pricingOf(submission);
  const { enrollmentId, submittedAt: at } = submission;
  const handOver = replaces ? { replaces } : {};
  const commands: LedgerCommand[] = [];
  if (pricing.discountCode) {
    const line = pricing.lines.find((l) => l.kind === 'discount-code');
    commands.push({
      to: 'discount-code',
      code: pricing.discountCode.code,
      command: {
        type: 'RedeemDiscountCode',
        enrollmentId,
        discountCents: line ? -line.amountCents : 0,
        workshopId: submission.item.id ?? '',
        category: submission.item.category,
        participants: submission.participants,
        at,
        ...handOver,
      },
    });
  }
  if (pricing.giftCardId && pricing.paidByGiftCardCents > 0)
    commands.push({
      to: 'gift-card',
      giftCardId: pricing.giftCardId,
      command: {
        type: 'ReserveGiftCardAmount',
        enrollmentId,
        amountCents: pricing.paidByGiftCardCents,
        at,
        ...handOver,
      },
    });
  if (pricing.householdId && pricing.paidByCreditCents > 0)
    commands.push({
      to: 'family-credit',
      householdId: pricing.householdId,
      command: {
        type: 'ReserveFamilyCredit',
        householdId: pricing.householdId,
        enrollmentId,
        amountCents: pricing.paidByCreditCents,
        at,
        ...handOver,
      },
    });
  return commands;
}

/**
 * Gives an order's parts back to their ledgers: it ended before it was sold. Each release is
 * idempotent on its ledger (a part not held is not given twice), so what was asked for can be
 * given back without knowing what was taken.
 */
export function releaseParts(
  enrollmentId: string,
  holds: Omit<CheckoutHolds, 'clientKey'>,
  reason: ReleaseReason,
  at: string,
): LedgerCommand[] {
  const commands: LedgerCommand[] = [];
  if (holds.discountCode)
    commands.push({
      to: 'discount-code',
      code: holds.discountCode,
      command: { type: 'ReleaseRedemption', enrollmentId, reason, at },
    });
  if (holds.giftCardId)
    commands.push({
      to: 'gift-card',
      giftCardId: holds.giftCardId,
      command: { type: 'ReleaseGiftCardAmount', enrollmentId, reason, at },
    });
  if (holds.householdId)
    commands.push({
      to: 'family-credit',
      householdId: holds.householdId,
      command: { type: 'ReleaseFamilyCredit', householdId: holds.householdId, enrollmentId, reason, at },
    });
  return commands;
}
