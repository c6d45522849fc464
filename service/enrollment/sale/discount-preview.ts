import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { DiscountPreview } from '../../../contracts/pricing/discount-codes.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { WORKSHOP_NOT_FOUND } from './enroll-workshop.js';
import { itemOfWorkshop } from './purchased-item.js';
import { priceOrder, readPricingInputs } from './pricing-parts.js';

/**
 * GET /api/discount-codes/:code?workshopId=&participants=: what a code takes off an order, priced
 * by the one rule exactly as the enrollment will be (seats, sibling discount, then the code). A
 * code that does not apply answers `valid: false` with the reason; an unknown one says only that it
 * is not valid, whatever was typed, so the answer tells nobody which codes exist.
 */
export async function previewDiscount(
  deps: AppDeps,
  code: string,
  workshopId: string,
  participants: number,
): Promise<DiscountPreview> {
  const state = await deps.commands.state(workshopDecider, workshopStream(workshopId), 1_000);
  if (state.status !== 'scheduled' || !state.workshop) throw notFound(WORKSHOP_NOT_FOUND);
  const item = itemOfWorkshop(state.workshop);
  const now = deps.clock();
  const without = priceOrder(await readPricingInputs(deps, {}, 1_000), item, participants, now).priced;
  try {
    const { priced } = priceOrder(
      await readPricingInputs(deps, { discountCode: code }, 1_000),
      item,
      participants,
      now,
    );
    const line = priced.lines.find((l) => l.kind === 'discount-code');
    return {
      valid: true,
      discountCents: line ? -line.amountCents : 0,
      totalCents: priced.totalCents,
      reason: null,
      line: line ?? null,
    };
  } catch (err) {
    const refusedCode = err instanceof AppError && err.details?.issues?.some((i) => i.path === 'discountCode');
    if (!refusedCode) throw err;
    return { valid: false, discountCents: 0, totalCents: without.totalCents, reason: err.message, line: null };
  }
}
