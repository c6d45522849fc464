import type { Context } from 'hono';
import type { DiscountCodeRules } from '../../contracts/pricing/discount-codes.js';
import type { AppDeps } from '../core/deps.js';
import { locationLimit } from '../core/admin-identity.js';
import { forbidden } from '../core/errors.js';
import { workshopIdsWithin } from '../locations/location-limit.js';

const SCHOOL_CODE =
  'Your access is limited to your location; a code for every class, a category or another location’s class is the school’s. Name your location’s workshops in workshopIds, or ask the owner.';

/**
 * Which discount codes this request's administrator may see and change (issue 41 item 5): a
 * location-limited one only codes for named workshops all held at her locations; a code for every
 * class or for categories reaches every location, so it stays the owner's and unlimited managers'.
 * Null: every code.
 */
export async function codesWithin(
  deps: Pick<AppDeps, 'readStore'>,
  c: Context,
): Promise<((rules: Pick<DiscountCodeRules, 'workshopIds'>) => boolean) | null> {
  const limit = locationLimit(c);
  if (!limit) return null;
  const hers = new Set(await workshopIdsWithin(deps.readStore, limit));
  return ({ workshopIds }) => !!workshopIds?.length && workshopIds.every((id) => hers.has(id));
}

/** Refuses with 403 a code the administrator may not make or change. */
export async function mustBeWithin(
  deps: Pick<AppDeps, 'readStore'>,
  c: Context,
  rules: Pick<DiscountCodeRules, 'workshopIds'>,
): Promise<void> {
  const within = await codesWithin(deps, c);
  if (within && !within(rules)) throw forbidden(SCHOOL_CODE);
}
