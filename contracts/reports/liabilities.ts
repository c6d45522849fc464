import { z } from 'zod';
import { isCalendarDay } from './days.js';

/** GET /api/admin/reports/liabilities?on=YYYY-MM-DD: what the school owes at the end of that school day. */
export const LiabilitiesQuerySchema = z.object({
  on: z.string({ error: 'is required, as YYYY-MM-DD' }).refine(isCalendarDay, 'must be a calendar day, YYYY-MM-DD'),
});

/**
 * `gift-cards`: sold and not yet spent; `family-credit`: held by families; `deferred`: taken for
 * sessions not yet held; `invoices` (outstanding) joins when organizations' invoices exist (issue 39).
 */
export const LIABILITY_KINDS = ['gift-cards', 'family-credit', 'deferred'] as const;
export type LiabilityKind = (typeof LIABILITY_KINDS)[number];
export const LIABILITY_LABELS: Record<LiabilityKind, string> = {
  'gift-cards': 'Gift cards not yet spent',
  'family-credit': 'Family credit held',
  deferred: 'Paid for sessions not yet held',
};

export const LiabilitiesSchema = z.object({
  on: z.string(),
  rows: z.array(z.object({ key: z.enum(LIABILITY_KINDS), label: z.string(), cents: z.number().int() })),
  totalCents: z.number().int(),
});
export type Liabilities = z.infer<typeof LiabilitiesSchema>;
