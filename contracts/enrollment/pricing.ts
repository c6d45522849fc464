import { parseAbsolute } from '@internationalized/date';
import { z } from 'zod';
import { SCHOOL } from '../core/school.js';
import { InstallmentSchema } from '../catalogue/payment-plan.js';
import { PRICE_LINE_KINDS, priceEnrollment, type PriceBreakdown } from './money.js';

/** Days before the start a deposit booking's balance is due, unless the workshop says otherwise. */
export const DEFAULT_BALANCE_DUE_DAYS_BEFORE = 14;

/**
 * When a deposit booking's balance is due: `balanceDueDaysBefore` calendar days before the start,
 * at the start's wall-clock time on the school's clock (America/Chicago, so a daylight-saving change
 * between them moves it with the clocks). Null when the item takes no deposit or has no date.
 */
export function balanceDueAtOf(item: {
  date: string | null;
  depositCents?: number;
  balanceDueDaysBefore?: number;
}): string | null {
  if (!item.depositCents || !item.date) return null;
  const days = item.balanceDueDaysBefore ?? DEFAULT_BALANCE_DUE_DAYS_BEFORE;
  return parseAbsolute(item.date, SCHOOL.timeZone).subtract({ days }).toDate().toISOString();
}

const Cents = z.number().int().nonnegative();

export const PriceLineSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  label: z.string(),
  /** Positive for what the seats cost, negative for a discount or a payment from a balance. */
  amountCents: z.number().int(),
});

/** The one pricing rule's answer (contracts/enrollment/money.ts), as the API and read models carry it. */
export const PriceBreakdownSchema = z.object({
  lines: z.array(PriceLineSchema),
  subtotalCents: Cents,
  discountCents: Cents,
  paidByGiftCardCents: Cents,
  paidByCreditCents: Cents,
  dueNowCents: Cents,
  balanceCents: Cents,
  totalCents: Cents,
  /**
   * Paid in instalments on a saved card (issue 43): each with its amount and due date, the first
   * (`dueNowCents`) at once; they add up to what the card pays. Absent: paid in full (or a deposit).
   */
  installments: z.array(InstallmentSchema).optional(),
});

export const CodeDiscountSchema = z.object({
  code: z.string().min(1),
  percentOff: z.number().int().min(1).max(100).optional(),
  amountOffCents: z.number().int().positive().optional(),
});

/**
 * How an enrollment was priced beyond its seats, frozen at submission (`EnrollmentSubmitted.pricing`):
 * the breakdown and what made it, so a transfer prices the new date with the same discounts, and
 * the gift card, credit and code can be given back or refunded to where they came from.
 */
export const OrderPricingSchema = PriceBreakdownSchema.extend({
  /** When the balance is due (a deposit now, the rest later); null when nothing is left to pay later. */
  balanceDueAt: z.string().datetime({ offset: true }).nullable(),
  siblingDiscountPercent: z.number().int().min(0).max(100),
  siblingAlreadyEnrolled: z.boolean(),
  discountCode: CodeDiscountSchema.nullable(),
  /** The gift card that pays `paidByGiftCardCents` (stream `gift-card-<id>`), and the end of its code for the line. */
  giftCardId: z.string().nullable(),
  giftCardLast4: z.string().nullable(),
  /**
   * The signed-in household that enrolled: its credit (stream `household-credit-<id>`) pays
   * `paidByCreditCents`, and a refund may go back to it instead of the card.
   */
  householdId: z.string().nullable(),
});
export type OrderPricing = z.infer<typeof OrderPricingSchema>;

/** The discounts an order keeps for a later price (one place's share, a transfer): its code and its sibling discount. */
export const OrderDiscountsSchema = OrderPricingSchema.pick({
  siblingDiscountPercent: true,
  siblingAlreadyEnrolled: true,
  discountCode: true,
});
export type OrderDiscounts = z.infer<typeof OrderDiscountsSchema>;

/** An order's discounts, or nothing when it had none (no field added to its read models). */
export function discountsOf(p: OrderPricing): { discounts?: OrderDiscounts } {
  const { siblingDiscountPercent, siblingAlreadyEnrolled, discountCode } = p;
  if (siblingDiscountPercent === 0 && !discountCode) return {};
  return { discounts: { siblingDiscountPercent, siblingAlreadyEnrolled, discountCode } };
}

/** What an order's pricing is when none was recorded (enrollments submitted before breakdowns): its seats, paid in full. */
export function pricingOf(submission: {
  pricing?: OrderPricing;
  item: { unitPriceCents: number; priceTiers?: { participants: number; totalCents: number }[] };
  participants: number;
  amountCents: number;
}): OrderPricing {
  if (submission.pricing) return submission.pricing;
  const { lines, subtotalCents } = priceEnrollment(
    submission.item.unitPriceCents,
    submission.participants,
    submission.item.priceTiers,
  );
  return {
    lines,
    subtotalCents,
    discountCents: Math.max(0, subtotalCents - submission.amountCents),
    paidByGiftCardCents: 0,
    paidByCreditCents: 0,
    dueNowCents: submission.amountCents,
    balanceCents: 0,
    totalCents: submission.amountCents,
    balanceDueAt: null,
    siblingDiscountPercent: 0,
    siblingAlreadyEnrolled: false,
    discountCode: null,
    giftCardId: null,
    giftCardLast4: null,
    householdId: null,
  };
}

/**
 * The breakdown alone, as the enroll answer and the pages show it: built field by field (each line
 * too), so what a stored breakdown holds beyond it (the gift card's and household's ids, the code)
 * is never answered.
 */
export const breakdownOf = (p: PriceBreakdown): PriceBreakdown => ({
  lines: p.lines.map(({ kind, label, amountCents }) => ({ kind, label, amountCents })),
  subtotalCents: p.subtotalCents,
  discountCents: p.discountCents,
  paidByGiftCardCents: p.paidByGiftCardCents,
  paidByCreditCents: p.paidByCreditCents,
  dueNowCents: p.dueNowCents,
  balanceCents: p.balanceCents,
  totalCents: p.totalCents,
  ...(p.installments
    ? { installments: p.installments.map(({ n, amountCents, dueAt }) => ({ n, amountCents, dueAt })) }
    : {}),
});

/** The breakdown with when its balance is due, as the enroll answer, the orders and the booking page carry it. */
export const PricingViewSchema = PriceBreakdownSchema.extend({ balanceDueAt: z.string().nullable() });
export type PricingView = z.infer<typeof PricingViewSchema>;

export const pricingViewOf = (p: PricingView): PricingView => ({ ...breakdownOf(p), balanceDueAt: p.balanceDueAt });
