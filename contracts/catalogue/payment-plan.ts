import { parseAbsolute } from '@internationalized/date';
import { z } from 'zod';
import { SCHOOL } from '../core/school.js';

/** Fewest and most instalments a plan may have (issue 43). */
export const MIN_INSTALLMENTS = 2;
export const MAX_INSTALLMENTS = 6;
/** The days before the first session the last instalment is due by, as the admin form starts it. */
export const DEFAULT_LAST_DUE_DAYS_BEFORE = 7;

/**
 * A workshop's instalment plan (issue 43): up to `installments` payments, due monthly from the
 * enrollment, the last at least `lastDueDaysBefore` days before the first session.
 */
export const PaymentPlanSchema = z.object({
  installments: z.number().int().min(MIN_INSTALLMENTS).max(MAX_INSTALLMENTS),
  lastDueDaysBefore: z.number().int().min(0).max(365),
});
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

/** What a plan can offer an enrollment made now: how many instalments fit, and the dates of that many. */
export const PaymentPlanOfferSchema = z.object({
  installments: z.number().int().min(MIN_INSTALLMENTS).max(MAX_INSTALLMENTS),
  dueAt: z.array(z.string()),
});
export type PaymentPlanOffer = z.infer<typeof PaymentPlanOfferSchema>;

/** One instalment of an enrollment's plan: its number (from 1), amount and due date. */
export const InstallmentSchema = z.object({
  n: z.number().int().min(1).max(MAX_INSTALLMENTS),
  amountCents: z.number().int().nonnegative(),
  dueAt: z.string(),
});
export type Installment = z.infer<typeof InstallmentSchema>;

/**
 * The due date of instalment `n` (from 1) of a plan begun at `from`: `n - 1` calendar months later
 * on the school's clock (the 31st falls on a shorter month's last day; daylight saving moves with
 * the clocks). The first is due at once.
 */
export function installmentDueAt(from: string, n: number): string {
  if (n <= 1) return new Date(from).toISOString();
  return parseAbsolute(new Date(from).toISOString(), SCHOOL.timeZone)
    .add({ months: n - 1 })
    .toDate()
    .toISOString();
}

/** The latest an instalment may be due: `lastDueDaysBefore` calendar days before the first session, on the school's clock. */
export const lastDueBy = (firstSessionAt: string, plan: PaymentPlan): string =>
  parseAbsolute(new Date(firstSessionAt).toISOString(), SCHOOL.timeZone)
    .subtract({ days: plan.lastDueDaysBefore })
    .toDate()
    .toISOString();

/**
 * What a plan can offer when enrolling at `now`: the most instalments (up to the plan's) whose
 * last falls on or before `lastDueBy`, with their dates; null when fewer than two fit (the class
 * is too near) or there is no plan.
 */
export function planOffer(plan: PaymentPlan | undefined, firstSessionAt: string, now: Date): PaymentPlanOffer | null {
  if (!plan) return null;
  const latest = Date.parse(lastDueBy(firstSessionAt, plan));
  const from = now.toISOString();
  let fits = 0;
  for (let n = 1; n <= plan.installments; n++) {
    if (Date.parse(installmentDueAt(from, n)) > latest) break;
    fits = n;
  }
  if (fits < MIN_INSTALLMENTS) return null;
  return { installments: fits, dueAt: Array.from({ length: fits }, (_, i) => installmentDueAt(from, i + 1)) };
}

/**
 * `cents` in `count` instalments that add up exactly: each the whole-cent share, the first
 * carrying the remainder (so later charges are equal).
 */
export function splitInstallments(cents: number, count: number): number[] {
  const each = Math.floor(cents / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? cents - each * (count - 1) : each));
}

/** The schedule of `cents` over an offer's first `count` dates. */
export const scheduleOf = (cents: number, dueAt: readonly string[]): Installment[] =>
  splitInstallments(cents, dueAt.length).map((amountCents, i) => ({ n: i + 1, amountCents, dueAt: dueAt[i]! }));
