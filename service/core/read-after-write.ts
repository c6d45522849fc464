import { z } from 'zod';
import type { AppDeps } from './deps.js';

/** `?minPosition=<n>`: the position a command answered; the query waits (bounded) for its projections. */
export const MinPositionQuerySchema = z.object({
  minPosition: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a whole number')
    .optional(),
});

export async function awaitProjections(
  deps: AppDeps,
  minPosition: string | undefined,
  projections: string[],
): Promise<void> {
  if (minPosition === undefined) return;
  // Bounded: a slow projection gives a slightly stale answer, never a hung request.
  await deps.projections.waitFor(BigInt(minPosition), projections, 2_000);
}
